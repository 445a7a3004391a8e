import { monitorEventLoopDelay } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { Request } from 'express';
import { decodeLargeSdkPayload, decodeSdkPayload } from './sdk-payload';

const LIMIT = 20 * 1024 * 1024;

function requestOf(body: string | Buffer, query: Record<string, string> = {}, contentType = 'application/json') {
  return {
    body: Buffer.isBuffer(body) ? body : Buffer.from(body),
    query,
    headers: { 'content-type': contentType },
  } as unknown as Request;
}

/** About `mb` MB of a posthog-node batch, with strings, escapes and nesting across the parser's chunks. */
function batchText(mb: number): string {
  const events = Array.from({ length: Math.round((mb * 1e6) / 120) }, (_, i) => ({
    event: i % 7 === 0 ? 'quote "\\ \u00e9 \ud83d\ude00' : '$pageview',
    distinct_id: `user-${i % 997}`,
    properties: { i, nested: { list: [i, null, true, { deep: 'x' }] }, $current_url: 'https://example.com/' },
  }));
  return JSON.stringify({ api_key: 'phc_test', batch: events, sent_at: '2026-01-01T00:00:00Z' });
}

describe('decodeLargeSdkPayload', () => {
  it('reads what JSON.parse reads, plain, gzip and as a base64 form', async () => {
    const text = batchText(1);
    const expected = JSON.parse(text);
    expect(await decodeLargeSdkPayload(requestOf(text), LIMIT)).toEqual(expected);
    expect(await decodeLargeSdkPayload(requestOf(gzipSync(text), { compression: 'gzip-js' }), LIMIT)).toEqual(expected);
    const form = `data=${encodeURIComponent(Buffer.from(text).toString('base64'))}&compression=base64`;
    const decoded = await decodeLargeSdkPayload(requestOf(form, {}, 'application/x-www-form-urlencoded'), LIMIT);
    expect(decoded).toEqual(expected);
    expect(decodeSdkPayload(requestOf(form, {}, 'application/x-www-form-urlencoded'), LIMIT)).toEqual(expected);
  });

  it('answers 400 for a body that is not JSON, wherever it breaks, and 413 past the limit', async () => {
    const text = batchText(1);
    for (const broken of [text.slice(0, -1), `${text}x`, text.replace('"batch":[', '"batch":[,'), `[${text}`]) {
      await expect(decodeLargeSdkPayload(requestOf(broken), LIMIT)).rejects.toMatchObject({
        kind: 'invalid',
        code: 'invalid_payload',
      });
    }
    await expect(decodeLargeSdkPayload(requestOf(gzipSync(text)), 1000)).rejects.toMatchObject({
      kind: 'payload_too_large',
    });
    await expect(
      decodeLargeSdkPayload(requestOf('y=1&datum=2', {}, 'application/x-www-form-urlencoded'), LIMIT),
    ).rejects.toMatchObject({ detail: expect.stringMatching(/no data field/) });
  });

  it('reads the form field as URLSearchParams does', async () => {
    const json = '{"event":"a b+c%zz","distinct_id":"x"}';
    const form = `y=1&data=${encodeURIComponent(json).replace(/%20/g, '+').replace('%25zz', '%zz')}`;
    const expected = JSON.parse(new URLSearchParams(form).get('data')!);
    expect(await decodeLargeSdkPayload(requestOf(form, {}, 'application/x-www-form-urlencoded'), LIMIT)).toEqual(
      expected,
    );
  });

  it('parses a 20 MB body with turns of the event loop in between', async () => {
    const text = batchText(20);
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const decoded = (await decodeLargeSdkPayload(requestOf(text), LIMIT)) as { batch: unknown[] };
    delay.disable();
    expect(decoded.batch).toHaveLength(JSON.parse(text).batch.length);
    // JSON.parse of the same text holds the loop 130 ms at once here.
    expect(delay.max / 1e6).toBeLessThan(100);
  });
});
