import { Writable } from 'node:stream';
import { JsonLogger } from './json-logger';
import { requestContext } from './request-context';

function capture(): { stream: Writable; lines: () => Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return {
    stream,
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe('JsonLogger', () => {
  it('writes one JSON line per entry with time, level, message and fields', () => {
    const out = capture();
    new JsonLogger('info', out.stream).entry('info', 'listening', { port: 8000 });
    expect(out.lines()).toEqual([
      { time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), level: 'info', msg: 'listening', port: 8000 },
    ]);
  });

  it('leaves out entries below its level and writes nothing when silent', () => {
    const out = capture();
    new JsonLogger('warn', out.stream).entry('info', 'chatter');
    new JsonLogger('silent', out.stream).entry('error', 'even this');
    expect(out.lines()).toEqual([]);
  });

  it('redacts keys, tokens, cookies and Authorization, at the top and one level down', () => {
    const out = capture();
    new JsonLogger('info', out.stream).entry('info', 'request', {
      authorization: 'Bearer x',
      token: 'phc_abc',
      headers: { authorization: 'Bearer y', cookie: 'session=1', 'set-cookie': 'a=b', host: 'h' },
      api_key: 'k',
      route: '/flags',
    });
    expect(out.lines()[0]).toMatchObject({
      authorization: '[redacted]',
      token: '[redacted]',
      headers: { authorization: '[redacted]', cookie: '[redacted]', 'set-cookie': '[redacted]', host: 'h' },
      api_key: '[redacted]',
      route: '/flags',
    });
  });

  it('never writes a personal API key, whatever field or message carries it', () => {
    const out = capture();
    const key = `phx_${'a'.repeat(43)}`;
    new JsonLogger('info', out.stream).entry('info', `got ${key}`, { detail: { nested: [key] } });
    const line = JSON.stringify(out.lines()[0]);
    expect(line).not.toContain(key);
    expect(line).toContain('phx_[redacted]');
  });

  it('never writes a project secret token either', () => {
    const out = capture();
    const token = `phs_${'b'.repeat(43)}`;
    new JsonLogger('info', out.stream).entry('info', `got ${token}`, { detail: [token] });
    const line = JSON.stringify(out.lines()[0]);
    expect(line).not.toContain(token);
    expect(line).toContain('phs_[redacted]');
  });

  it('adds the request id inside a request', () => {
    const out = capture();
    const logger = new JsonLogger('info', out.stream);
    requestContext.run({ requestId: 'req-1' }, () => logger.entry('info', 'inside'));
    expect(out.lines()[0]).toMatchObject({ msg: 'inside', request_id: 'req-1' });
  });

  it("takes Nest's calls: context, stack, errors, start-up chatter as debug", () => {
    const out = capture();
    const logger = new JsonLogger('info', out.stream);
    logger.log('Mapped {/, GET} route', 'RouterExplorer');
    logger.error('boom', 'Error: boom\n    at x', 'ExceptionHandler');
    logger.warn(new Error('careful'));
    expect(out.lines()).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'boom',
        context: 'ExceptionHandler',
        stack: 'Error: boom\n    at x',
      }),
      expect.objectContaining({ level: 'warn', msg: 'careful', stack: expect.stringContaining('Error: careful') }),
    ]);
  });
});
