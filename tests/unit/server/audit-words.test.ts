import { describe, expect, it } from 'vitest';
import { describeAuditAction } from '../../../server/contracts/audit-words';

describe('audit action words', () => {
  it.each([
    ['impersonation.write:people.setMailingAddress', 'Changed mailing address while impersonating'],
    ['impersonation.write:wishLists.createWish', 'Created wish while impersonating'],
    ['impersonation.write:failed:messages.send', 'Failed while impersonating: Sent'],
    ['impersonation.write:refused:exchanges.draw', 'Refused while impersonating: Drew'],
    ['impersonation.write:refused:Changing a password', 'Refused while impersonating: Changing a password'],
    ['impersonation.write:POST /v1/users/:userId/mailing-address', 'Sent mailing address while impersonating'],
    ['impersonation.write:failed:404:DELETE /v1/wishes/:wishId', 'Failed while impersonating: Deleted wishes'],
    ['impersonation.start', 'Started a support session (impersonating)'],
    ['impersonation.messages.read', 'Read a private chat while impersonating'],
    ['admin.messages.read', 'Read a member’s conversation (Messages tool)'],
    ['identity.refused:switch', 'Refused an account switch: switch'],
  ])('%s → %s', (code, words) => {
    expect(describeAuditAction(code)).toBe(words);
  });

  it('keeps an unknown code as it is, and words an unknown verb as the name reads', () => {
    expect(describeAuditAction('something.new')).toBe('something.new');
    expect(describeAuditAction('impersonation.write:people.frobnicateThings')).toBe(
      'Frobnicate things while impersonating',
    );
  });
});
