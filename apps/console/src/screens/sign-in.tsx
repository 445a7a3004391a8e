import { FormEvent, useState } from 'react';
import { signIn } from '../api/client';
import { ErrorBanner, errorAt, Field } from '../components/ui';
import type { Me } from '../session';

export function SignIn({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    signIn(email, password).then(onSignedIn, (err: unknown) => {
      setError(err);
      setBusy(false);
    });
  };
  return (
    <main className="sign-in" id="main">
      <form onSubmit={submit} className="card" aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Sign in to Bunting</h1>
        <ErrorBanner error={error} shownAt={['email', 'password']} />
        <Field label="Email" error={errorAt(error, 'email')}>
          {(p) => (
            <input
              {...p}
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field label="Password" error={errorAt(error, 'password')}>
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p className="hint">
          The first start prints the first user's password;{' '}
          <code>npm run cli -- users password --email you@example.com</code> sets a new one.
        </p>
      </form>
    </main>
  );
}
