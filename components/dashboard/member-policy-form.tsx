// The owner's sign-up rules for members: a plain form (works without JavaScript) to the owner's policy route.

interface SignUpRules {
  emailVerification: boolean;
  ownerApproval: boolean;
}

export function MemberPolicyForm({ policy, saved }: { policy: SignUpRules; saved: boolean }) {
  return (
    <form method="post" action="/api/owner/members/policy" className="member-policy">
      <fieldset>
        <legend className="visually-hidden">Sign-up rules</legend>
        {saved ? (
          <p role="status" className="form-status">
            The sign-up rules are saved.
          </p>
        ) : null}
        <label>
          <input type="checkbox" name="emailVerification" defaultChecked={policy.emailVerification} /> New members
          confirm their e-mail address with a mailed code
        </label>
        <label>
          <input type="checkbox" name="ownerApproval" defaultChecked={policy.ownerApproval} /> New members wait for my
          approval
        </label>
        <button type="submit">Save sign-up rules</button>
      </fieldset>
    </form>
  );
}
