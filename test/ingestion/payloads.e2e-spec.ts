/** @sql-sensitive person property merges ($set, $set_once, $unset), in SQL */
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { ingest, personOf, storedEvents } from '../persons/factories';
import { startTestApp, TestApp } from '../support/test-app';

/** Events as posthog-js builds them: token and distinct id inside properties, `$set` on the event. */
function jsEvent(event: string, distinctId: string, token: string, extra: Record<string, unknown> = {}) {
  return {
    uuid: crypto.randomUUID(),
    event,
    properties: { token, distinct_id: distinctId, $lib: 'web', $current_url: 'https://example.com/' },
    timestamp: new Date().toISOString(),
    ...extra,
  };
}

describe('ingestion payloads', () => {
  let t: TestApp;
  const post = (path: string) => request(t.baseUrl).post(path);
  // What posthog-node sends: JSON with Content-Encoding gzip (supertest would re-serialise a Buffer as JSON).
  const postGzip = (path: string, body: Buffer) =>
    fetch(`${t.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      body,
    });

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('accepts a posthog-js gzip-js batch (text/plain body, query string)', async () => {
    const body = gzipSync(
      JSON.stringify([
        jsEvent('$pageview', 'js-anon', t.projectToken),
        jsEvent('$identify', 'js-user', t.projectToken, {
          properties: { token: t.projectToken, distinct_id: 'js-user', $anon_distinct_id: 'js-anon' },
          $set: { email: 'js@example.com' },
          $set_once: { first_url: '/' },
        }),
      ]),
    );
    await post(`/e/?compression=gzip-js&ip=0&_=${Date.now()}&ver=1.200.0`)
      .set('Content-Type', 'text/plain')
      .send(body)
      .expect(200, { status: 1 });
    expect(await personOf(t, 'js-anon')).toMatchObject({
      distinct_ids: ['js-anon', 'js-user'],
      properties: { email: 'js@example.com', first_url: '/' },
      is_identified: true,
    });
  });

  it('accepts the base64 form posthog-js falls back to', async () => {
    const data = Buffer.from(JSON.stringify(jsEvent('clicked', 'form-user', t.projectToken))).toString('base64');
    await post(`/e/?compression=base64&_=${Date.now()}`)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send(`data=${encodeURIComponent(data)}`)
      .expect(200, { status: 1 });
    expect(await personOf(t, 'form-user')).toBeDefined();
  });

  it('accepts single events on /capture and /i/v0/e with the token as api_key or token', async () => {
    await post('/capture').send({ api_key: t.projectToken, event: 'one', distinct_id: 'single-1' }).expect(200);
    await post('/i/v0/e/?ver=1').send({ token: t.projectToken, event: 'two', distinct_id: 'single-1' }).expect(200);
    await post('/batch')
      .send({ api_key: t.projectToken, batch: [{ event: 'three', properties: { distinct_id: 'single-1' } }] })
      .expect(200);
    const events = (await storedEvents(t)).filter((e) => e.distinct_id === 'single-1');
    expect(events.map((e) => e.event).sort()).toEqual(['one', 'three', 'two']);
  });

  it('accepts a gzip Content-Encoding body (posthog-node default) and an empty batch', async () => {
    const res = await postGzip(
      '/batch/',
      gzipSync(JSON.stringify({ api_key: t.projectToken, batch: [{ event: 'gz', distinct_id: 'gz-1' }] })),
    );
    expect(res.status).toBe(200);
    expect(await personOf(t, 'gz-1')).toBeDefined();
    await post('/batch/').send({ api_key: t.projectToken, batch: [] }).expect(200, { status: 1 });
  });

  it('answers 401 for a missing or unknown token', async () => {
    const missing = await post('/batch/')
      .send({ batch: [{ event: 'x', distinct_id: 'u' }] })
      .expect(401);
    expect(missing.body).toMatchObject({ type: 'authentication_error', code: 'missing_api_key', attr: 'api_key' });
    const unknown = await post('/e/')
      .send([jsEvent('x', 'u', 'phc_unknownunknownunknownunknownunknownunknow')])
      .expect(401);
    expect(unknown.body).toMatchObject({ code: 'invalid_api_key', attr: 'api_key' });
  });

  it('answers 400 for malformed bodies and events, naming the field', async () => {
    await post('/batch/').set('Content-Type', 'application/json').send('{"api_key": ').expect(400);
    await post('/batch/').send('').expect(400);
    await post('/e/?compression=gzip-js').set('Content-Type', 'text/plain').send('not gzip at all').expect(400);
    const noDistinctId = await post('/batch/')
      .send({ api_key: t.projectToken, batch: [{ event: 'ok', distinct_id: 'u' }, { event: 'x' }] })
      .expect(400);
    expect(noDistinctId.body).toMatchObject({ type: 'validation_error', attr: 'batch__1__distinct_id' });
    const noEvent = await post('/capture/').send({ api_key: t.projectToken, distinct_id: 'u' }).expect(400);
    expect(noEvent.body.attr).toBe('event');
    const badUuid = await post('/capture/')
      .send({ api_key: t.projectToken, event: 'x', distinct_id: 'u', uuid: 'x' })
      .expect(400);
    expect(badUuid.body.attr).toBe('uuid');
    await post('/batch/').send({ api_key: t.projectToken, batch: 'nope' }).expect(400);
    // Nothing of a refused request is stored.
    expect((await storedEvents(t)).filter((e) => e.event === 'ok')).toEqual([]);
  });

  it('answers 413 when the body inflates past the limit', async () => {
    const bomb = gzipSync(Buffer.alloc(t.config.INGESTION_MAX_BODY_BYTES + 1024, 0x20));
    await post('/e/?compression=gzip-js').set('Content-Type', 'text/plain').send(bomb).expect(413);
    const res = await postGzip('/batch/', bomb);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('refuses other methods', async () => {
    await request(t.baseUrl).get('/batch/').expect(405);
    await request(t.baseUrl).put('/e').expect(405);
  });

  it('de-duplicates events by uuid within and across requests', async () => {
    const uuid = '0195f3c4-1111-7000-8000-000000000001';
    const event = { event: 'dup', distinct_id: 'dup-user', uuid };
    await ingest(t, t.projectToken, [event, event]);
    await ingest(t, t.projectToken, [{ ...event, event: 'dup-changed' }]);
    const dups = (await storedEvents(t)).filter((e) => e.uuid === uuid);
    expect(dups).toEqual([expect.objectContaining({ event: 'dup' })]);
  });

  it('corrects client clock skew with sent_at and honours offset', async () => {
    const clientNow = new Date(Date.now() + 2 * 3_600_000); // the client's clock is 2 h ahead
    await post('/batch/')
      .send({
        api_key: t.projectToken,
        sent_at: clientNow.toISOString(),
        batch: [
          { event: 'skewed', distinct_id: 'clock', timestamp: new Date(clientNow.getTime() - 60_000).toISOString() },
        ],
      })
      .expect(200);
    await post('/capture/')
      .send({ api_key: t.projectToken, event: 'offset', distinct_id: 'clock', offset: 30_000 })
      .expect(200);
    const events = await storedEvents(t);
    const skewed = events.find((e) => e.event === 'skewed')!;
    const offset = events.find((e) => e.event === 'offset')!;
    expect(Math.abs(Date.now() - 60_000 - new Date(skewed.timestamp).getTime())).toBeLessThan(5_000);
    expect(Math.abs(Date.now() - 30_000 - new Date(offset.timestamp).getTime())).toBeLessThan(5_000);
  });

  it('answers CORS preflights and adds CORS headers for any origin', async () => {
    const preflight = await request(t.baseUrl)
      .options('/e/?compression=gzip-js')
      .set('Origin', 'https://shop.example')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type')
      .expect(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://shop.example');
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type');
    const res = await post('/i/v0/e/')
      .set('Origin', 'https://shop.example')
      .send({ api_key: 'phc_unknownunknownunknownunknownunknownunknow', event: 'x', distinct_id: 'u' })
      .expect(401);
    expect(res.headers['access-control-allow-origin']).toBe('https://shop.example');
  });

  it('personless events make no person until their id is identified, then join it', async () => {
    const personless = (event: string) => ({
      event,
      distinct_id: 'visitor',
      properties: { $process_person_profile: false, $set: { x: 1 } },
    });
    await ingest(t, t.projectToken, [personless('viewed'), personless('scrolled')]);
    expect(await personOf(t, 'visitor')).toBeUndefined();
    expect((await storedEvents(t)).filter((e) => e.distinct_id === 'visitor').map((e) => e.person_id)).toEqual([
      null,
      null,
    ]);
    await ingest(t, t.projectToken, [
      { event: '$identify', distinct_id: 'member', properties: { $anon_distinct_id: 'visitor' } },
    ]);
    const member = await personOf(t, 'member');
    expect(member).toMatchObject({ distinct_ids: ['member', 'visitor'], properties: {} });
    const visitorEvents = (await storedEvents(t)).filter((e) => e.distinct_id === 'visitor');
    expect(visitorEvents.map((e) => e.person_id)).toEqual([member!.uuid, member!.uuid]);
    // Once the id has a person, its personless events count as that person's.
    await ingest(t, t.projectToken, [personless('again')]);
    expect((await storedEvents(t)).find((e) => e.event === 'again')!.person_id).toBe(member!.uuid);
  });

  it('never merges through placeholder ids and refuses to merge identified persons', async () => {
    await ingest(t, t.projectToken, [
      { event: '$identify', distinct_id: 'alice', properties: { $anon_distinct_id: 'undefined' } },
      { event: '$identify', distinct_id: 'carol', properties: { $anon_distinct_id: 'carol-anon' } },
      { event: 'signed up', distinct_id: 'dave' },
      { event: '$identify', distinct_id: 'dave', properties: { $anon_distinct_id: 'carol' } },
    ]);
    expect((await personOf(t, 'alice'))!.distinct_ids).toEqual(['alice']);
    expect(await personOf(t, 'undefined')).toBeUndefined();
    expect((await personOf(t, 'carol'))!.distinct_ids).toEqual(['carol', 'carol-anon']);
    expect((await personOf(t, 'dave'))!.distinct_ids).toEqual(['dave']);
  });

  it('keeps at most five group types and ignores the sixth', async () => {
    const groups = { g1: 'a', g2: 'b', g3: 'c', g4: 'd', g5: 'e', g6: 'f' };
    await ingest(t, t.projectToken, [{ event: 'grouped', distinct_id: 'grouper', properties: { $groups: groups } }]);
    const [event] = (await storedEvents(t)).filter((e) => e.event === 'grouped');
    expect(event.properties).toMatchObject({ $group_0: 'a', $group_4: 'e' });
    expect(event.properties.$group_5).toBeUndefined();
  });

  it('refuses properties nested too deeply, naming the field', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const res = await post('/batch/')
      .set('Content-Type', 'application/json')
      .send(`{"api_key":"${t.projectToken}","batch":[{"event":"x","distinct_id":"deep","properties":{"a":${deep}}}]}`)
      .expect(400);
    expect(res.body.attr).toBe('batch__0__properties');
  });

  it('stores values PostgreSQL text cannot hold (NUL) after replacing them', async () => {
    await ingest(t, t.projectToken, [
      { event: 'nul', distinct_id: 'nul\u0000user', properties: { $set: { bio: 'a\u0000b' } } },
    ]);
    expect((await personOf(t, 'nul\uFFFDuser'))!.properties).toEqual({ bio: 'a\uFFFDb' });
  });
});
