import { CAN_EDIT, VIEW_ONLY } from './domain/flag-access';
import type { RolesRepository, StoredFlagAccess } from './persistence/roles.repository';
import { RoleFlagEditPolicy } from './role-flag-edit.policy';

const USER = 5;

function policyWith(stored: StoredFlagAccess) {
  const calls: Array<readonly number[]> = [];
  const repo = {
    flagAccess: async (_org: string, _user: number, flagIds: readonly number[]) => {
      calls.push(flagIds);
      return stored;
    },
  } as unknown as RolesRepository;
  return { policy: new RoleFlagEditPolicy(repo), calls };
}

const page = (n: number, createdById: number | null = 99) =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, createdById }));

describe('RoleFlagEditPolicy', () => {
  it('answers a whole page with one query, asking only about flags the caller did not create', async () => {
    const { policy, calls } = policyWith({
      organizationLevel: VIEW_ONLY,
      roleLevel: VIEW_ONLY,
      attachedFlagIds: new Set([3]),
    });
    const flags = [...page(200), { id: 500, createdById: USER }];
    const editable = await policy.editableFlags({ userId: USER, organizationId: 'o', membershipLevel: 1, flags });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toHaveLength(200);
    expect([...editable].sort((a, b) => a - b)).toEqual([3, 500]);
  });

  it('needs no query for an admin or for flags the caller created', async () => {
    const { policy, calls } = policyWith({ organizationLevel: VIEW_ONLY, roleLevel: null, attachedFlagIds: new Set() });
    const admin = await policy.editableFlags({ userId: USER, organizationId: 'o', membershipLevel: 8, flags: page(3) });
    expect(admin).toEqual(new Set([1, 2, 3]));
    const own = await policy.editableFlags({
      userId: USER,
      organizationId: 'o',
      membershipLevel: 1,
      flags: page(2, USER),
    });
    expect(own).toEqual(new Set([1, 2]));
    expect(calls).toHaveLength(0);
  });

  it('follows the levels: an editing organization or a 37 role allows every flag', async () => {
    for (const stored of [
      { organizationLevel: CAN_EDIT, roleLevel: VIEW_ONLY, attachedFlagIds: new Set<number>() },
      { organizationLevel: VIEW_ONLY, roleLevel: CAN_EDIT, attachedFlagIds: new Set<number>() },
    ] as StoredFlagAccess[]) {
      const { policy } = policyWith(stored);
      const editable = await policy.editableFlags({
        userId: USER,
        organizationId: 'o',
        membershipLevel: 1,
        flags: page(2),
      });
      expect(editable).toEqual(new Set([1, 2]));
    }
    const { policy } = policyWith({ organizationLevel: VIEW_ONLY, roleLevel: null, attachedFlagIds: new Set() });
    expect(
      await policy.editableFlags({ userId: USER, organizationId: 'o', membershipLevel: 1, flags: page(2) }),
    ).toEqual(new Set());
  });
});
