import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, Redirect, Route, Switch, useLocation, useParams } from 'wouter';
import { api, ApiError, ok, signOut, whenSignedOut } from './api/client';
import { ErrorBanner, useLoad } from './components/ui';
import { FlagList } from './screens/flags/flag-list';
import { SignIn } from './screens/sign-in';
import { Me, projectPath, SessionContext, useSession } from './session';

// The flag list is the first screen; the others load when visited.
const FlagPage = lazy(() => import('./screens/flags/flag-page').then((m) => ({ default: m.FlagPage })));
const PersonList = lazy(() => import('./screens/persons').then((m) => ({ default: m.PersonList })));
const PersonPage = lazy(() => import('./screens/persons').then((m) => ({ default: m.PersonPage })));
const CohortList = lazy(() => import('./screens/cohorts').then((m) => ({ default: m.CohortList })));
const EventDefinitions = lazy(() =>
  import('./screens/event-definitions').then((m) => ({ default: m.EventDefinitions })),
);
const Settings = lazy(() => import('./screens/settings').then((m) => ({ default: m.Settings })));

type Auth =
  { state: 'loading' } | { state: 'signed-out' } | { state: 'signed-in'; me: Me } | { state: 'error'; error: unknown };

export function App() {
  const [auth, setAuth] = useState<Auth>({ state: 'loading' });
  const load = useCallback(() => {
    ok(api.GET('/api/users/@me')).then(
      (me) => setAuth({ state: 'signed-in', me }),
      (e: unknown) =>
        setAuth(
          e instanceof ApiError && (e.status === 401 || e.status === 403)
            ? { state: 'signed-out' }
            : { state: 'error', error: e },
        ),
    );
  }, []);
  useEffect(() => {
    whenSignedOut(() => setAuth({ state: 'signed-out' }));
    load();
  }, [load]);

  if (auth.state === 'loading') return <p className="loading">Loading…</p>;
  if (auth.state === 'error')
    return (
      <main className="page">
        <ErrorBanner error={auth.error} />
      </main>
    );
  if (auth.state === 'signed-out')
    return (
      <Switch>
        <Route path="/login">
          <SignIn onSignedIn={(me) => setAuth({ state: 'signed-in', me })} />
        </Route>
        <Route>
          <Redirect to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />
        </Route>
      </Switch>
    );
  const me = auth.me;
  if (!me.team)
    return (
      <main className="page">
        <p role="alert">You belong to no project yet: ask an administrator of your organization to add one.</p>
      </main>
    );
  const home = projectPath(me.team.id, 'feature_flags');
  return (
    <Switch>
      <Route path="/project/:projectId" nest>
        <ProjectShell me={me} onSignedOut={() => setAuth({ state: 'signed-out' })} />
      </Route>
      <Route path="/login">
        <Redirect to={safeNext() ?? home} replace />
      </Route>
      <Route>
        <Redirect to={home} replace />
      </Route>
    </Switch>
  );
}

/** Where sign-in returns to: a console path from `?next=`, never another site. */
function safeNext(): string | undefined {
  const next = new URLSearchParams(location.search).get('next');
  return next && /^\/project\/\d+\//.test(next) ? next : undefined;
}

const NAV: Array<[string, string]> = [
  ['feature_flags', 'Feature flags'],
  ['persons', 'Persons'],
  ['cohorts', 'Cohorts'],
  ['events', 'Event definitions'],
  ['settings', 'Settings'],
];

function ProjectShell({ me, onSignedOut }: { me: Me; onSignedOut: () => void }) {
  const params = useParams<{ projectId: string }>();
  const projectId = Number(params.projectId);
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [projectsVersion, setProjectsVersion] = useState(0);
  const projectsChanged = useCallback(() => setProjectsVersion((v) => v + 1), []);
  const doSignOut = useCallback(() => {
    signOut().then(onSignedOut);
  }, [onSignedOut]);
  useEffect(() => setMenuOpen(false), [location]);
  if (!Number.isInteger(projectId) || projectId <= 0)
    return <Redirect to={`~${projectPath(me.team?.id ?? 1, 'feature_flags')}`} />;
  return (
    <SessionContext.Provider value={{ me, projectId, signOut: doSignOut, projectsChanged, projectsVersion }}>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link href="/feature_flags" className="brand">
          Bunting
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="primary-nav"
          onClick={() => setMenuOpen((o) => !o)}
        >
          Menu
        </button>
        <nav id="primary-nav" aria-label="Primary" className={menuOpen ? 'open' : ''}>
          <ul>
            {NAV.map(([path, label]) => (
              <li key={path}>
                <Link href={`/${path}`} aria-current={location.startsWith(`/${path}`) ? 'page' : undefined}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <ProjectSwitcher />
        <div className="account">
          <span className="muted" title={me.email}>
            {me.email}
          </span>
          <button type="button" onClick={doSignOut}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" className="page" tabIndex={-1}>
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <Switch>
            <Route path="/feature_flags" component={FlagList} />
            <Route path="/feature_flags/:id" component={FlagPage} />
            <Route path="/persons" component={PersonList} />
            <Route path="/persons/:id" component={PersonPage} />
            <Route path="/cohorts" component={CohortList} />
            <Route path="/events" component={EventDefinitions} />
            <Route path="/settings" component={Settings} />
            <Route>
              <h1>Page not found</h1>
              <p>
                <Link href="/feature_flags">Go to the feature flags</Link>
              </p>
            </Route>
          </Switch>
        </Suspense>
      </main>
    </SessionContext.Provider>
  );
}

function ProjectSwitcher() {
  const { projectId, projectsVersion } = useSession();
  const [location, navigate] = useLocation();
  const projects = useLoad(
    () => ok(api.GET('/api/projects', { params: { query: { limit: 200 } } })),
    [projectsVersion],
  );
  const list = projects.data?.results ?? [];
  return (
    <div className="project-switcher">
      <label htmlFor="project-switcher">Project</label>
      <select
        id="project-switcher"
        value={projectId}
        onChange={(e) => navigate(`~/project/${e.target.value}/${location.split('/')[1] || 'feature_flags'}`)}
      >
        {list.length === 0 ? <option value={projectId}>Project {projectId}</option> : null}
        {list.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </div>
  );
}
