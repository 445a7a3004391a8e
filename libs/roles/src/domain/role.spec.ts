import { DomainError } from '@app/platform/errors/domain-error';
import { checkCanManageRoles, checkRoleName } from './role';

function errorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('expected an error');
}

describe('checkRoleName', () => {
  it('trims the name', () => {
    expect(checkRoleName('  Engineering ')).toBe('Engineering');
  });

  it('refuses blank, too long and NUL-containing names, naming the field', () => {
    expect(errorOf(() => checkRoleName('   '))).toMatchObject({ code: 'blank', attr: 'name' });
    expect(checkRoleName('x'.repeat(200))).toHaveLength(200);
    expect(errorOf(() => checkRoleName('x'.repeat(201)))).toMatchObject({
      code: 'max_length',
      attr: 'name',
      detail: 'Ensure this field has no more than 200 characters.',
    });
    expect(errorOf(() => checkRoleName('a\u0000b'))).toMatchObject({ attr: 'name', kind: 'invalid' });
  });
});

describe('checkCanManageRoles', () => {
  it('lets admins and owners through and refuses members with a 403', () => {
    expect(() => checkCanManageRoles(true)).not.toThrow();
    expect(errorOf(() => checkCanManageRoles(false))).toMatchObject({
      kind: 'forbidden',
      code: 'permission_denied',
      detail: 'You need to have admin level or higher.',
    });
  });
});
