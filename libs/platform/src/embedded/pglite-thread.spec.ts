import { PgliteThread } from './pglite-thread';

/** A simple-query message of the wire protocol ('Q', length, text, NUL). */
function query(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`);
  const message = Buffer.alloc(5 + text.length);
  message[0] = 0x51;
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}

async function answer(db: PgliteThread, sql: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await db.execProtocolRawStream(query(sql), { onRawData: (data) => chunks.push(Buffer.from(data)) });
  return Buffer.concat(chunks);
}

describe('PgliteThread', () => {
  let db: PgliteThread;
  afterEach(() => db?.close());

  it('answers wire-protocol messages and tracks the open transaction', async () => {
    db = await PgliteThread.open();
    await db.exec('CREATE TABLE t (n int)');
    expect((await answer(db, 'BEGIN; INSERT INTO t VALUES (41)')).includes(Buffer.from('INSERT 0 1'))).toBe(true);
    expect(db.isInTransaction()).toBe(true);
    const rows = await answer(db, 'SELECT n + 1 AS n FROM t');
    expect(rows.includes(Buffer.from('42'))).toBe(true);
    await db.exec('COMMIT');
    expect(db.isInTransaction()).toBe(false);
  });

  it('rejects a failing statement with its error and goes on serving', async () => {
    db = await PgliteThread.open();
    await expect(db.exec('SELECT * FROM missing')).rejects.toThrow(/missing/);
    expect((await answer(db, 'SELECT 1')).includes(Buffer.from('SELECT 1'))).toBe(true);
  });

  it('starts a database from the dump of another', async () => {
    db = await PgliteThread.open();
    await db.exec("CREATE TABLE kept (s text); INSERT INTO kept VALUES ('from the dump')");
    const dump = await db.dumpDataDir();
    await db.close();
    db = await PgliteThread.open({ load: dump });
    expect((await answer(db, 'SELECT s FROM kept')).includes(Buffer.from('from the dump'))).toBe(true);
  });

  it('fails calls after close instead of waiting for a thread that is gone', async () => {
    db = await PgliteThread.open();
    await db.close();
    expect(db.closed).toBe(true);
    await expect(db.exec('SELECT 1')).rejects.toThrow(/exited/);
  });
});
