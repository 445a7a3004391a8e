import { isStalePreparedStatement, translateDatabaseError } from './pg-errors';

describe('translateDatabaseError', () => {
  it('answers 503 for a connection failure and a logged 500 for a statement PostgreSQL refused', () => {
    expect(translateDatabaseError({ code: '08006', message: 'connection failure' })?.kind).toBe('unavailable');
    expect(translateDatabaseError({ code: 'ECONNREFUSED' })?.kind).toBe('unavailable');
    // More than 65535 bind parameters: protocol_violation. Our statement, not the database.
    expect(
      translateDatabaseError({ code: '08P01', message: 'bind message has 65537 parameter formats' }),
    ).toBeUndefined();
    expect(translateDatabaseError({ driverError: { code: '08P01' } })).toBeUndefined();
  });
});

describe('isStalePreparedStatement', () => {
  it('knows a prepared statement that is gone or whose result changed, directly or wrapped by TypeORM', () => {
    expect(isStalePreparedStatement({ code: '26000', message: 'prepared statement "x" does not exist' })).toBe(true);
    const changed = { code: '0A000', message: 'cached plan must not change result type' };
    expect(isStalePreparedStatement(changed)).toBe(true);
    expect(isStalePreparedStatement({ message: 'x', driverError: changed })).toBe(true);
    // another feature_not_supported, and other errors
    expect(isStalePreparedStatement({ code: '0A000', message: 'cannot update a view' })).toBe(false);
    expect(isStalePreparedStatement({ code: '23505', message: 'duplicate key' })).toBe(false);
    expect(isStalePreparedStatement(new Error('x'))).toBe(false);
    expect(isStalePreparedStatement(undefined)).toBe(false);
  });
});
