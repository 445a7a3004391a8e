import { FlagEditPolicies, FlagEditRequest } from './flag-edit-policies';

const request = (ids: number[]): FlagEditRequest => ({
  userId: 1,
  organizationId: 'org',
  membershipLevel: 1,
  flags: ids.map((id) => ({ id, createdById: null })),
});

describe('FlagEditPolicies', () => {
  it('allows every flag while no policy is registered', async () => {
    expect(await new FlagEditPolicies().editableFlags(request([1, 2, 3]))).toEqual(new Set([1, 2, 3]));
  });

  it('allows a flag only when every policy does, asking each about what is still allowed', async () => {
    const policies = new FlagEditPolicies();
    const asked: number[][] = [];
    policies.register({
      editableFlags: async (r) => {
        asked.push(r.flags.map((f) => f.id));
        return new Set([1, 2]);
      },
    });
    policies.register({
      editableFlags: async (r) => {
        asked.push(r.flags.map((f) => f.id));
        return new Set([2, 3]);
      },
    });
    expect(await policies.editableFlags(request([1, 2, 3]))).toEqual(new Set([2]));
    expect(asked).toEqual([
      [1, 2, 3],
      [1, 2],
    ]);
  });
});
