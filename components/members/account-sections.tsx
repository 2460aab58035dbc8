// The account page's picture upload, newsletter setting and plans (app/(members)/account, issue 47). Plain HTML forms
// posting to app/api/members/account/*, back by a 303 with a notice, so each works without JavaScript; every control
// has a label, and a destructive one says what it does before it is pressed.

import type { NewsletterStanding } from '@/lib/newsletter';
import type { MemberPlan } from '@/lib/plans';
import { SITE_LANGUAGE } from '@/lib/core/site';
import { ACCOUNT_NOTICE_TEXT } from './account-notices';
import { MemberNotice } from './member-forms';
import { MEMBER_NOTICE_TEXT } from './notices';

/** The account page's own notices, and the members' pages'. */
const ACCOUNT_NOTICES = { ...MEMBER_NOTICE_TEXT, ...ACCOUNT_NOTICE_TEXT };

/** What a form post came back to tell (the members' pages' notices and the account page's own). */
export function AccountNotice({ notice }: { notice?: string }) {
  return <MemberNotice notice={notice} texts={ACCOUNT_NOTICES} />;
}

const PICTURE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

interface PictureFormProps {
  /** Whether the member has a picture now (any: uploaded or chosen): the removal is offered then. */
  hasPicture: boolean;
  /** The largest upload, in MB; the square's side, in pixels. */
  maxMegabytes: number;
  size: number;
  /** Members at Wix: the picture becomes their Wix member profile's photo too. */
  atWix: boolean;
}

export function PictureForm({ hasPicture, maxMegabytes, size, atWix }: PictureFormProps) {
  return (
    <section className="member-section" aria-labelledby="picture-heading">
      <h2 id="picture-heading">Your picture</h2>
      <form method="post" action="/api/members/account/picture" encType="multipart/form-data" className="member-form">
        <label htmlFor="account-picture">Upload a picture of your own</label>
        <input
          id="account-picture"
          name="picture"
          type="file"
          accept={PICTURE_TYPES}
          required
          aria-describedby="account-picture-hint"
        />
        <p id="account-picture-hint" className="member-form__hint">
          A JPEG, PNG, WebP or GIF image of at most {maxMegabytes} MB. It is cropped to a square around its middle and
          resized to {size} pixels; what the file says about itself (such as where and when a photo was taken) is not
          kept.{atWix ? ' It becomes the photo of your Wix member profile too.' : ''}
        </p>
        <button type="submit">Upload picture</button>
      </form>
      {hasPicture ? (
        <form method="post" action="/api/members/account/picture" className="member-form account-picture-remove">
          <input type="hidden" name="intent" value="remove" />
          <button type="submit">Remove your picture</button>
        </form>
      ) : null}
    </section>
  );
}

/** Where the member's address stands: null when it is not known to be theirs (not confirmed), so not shown. */
type Standing = NewsletterStanding | null | 'unknown';

const STANDING_TEXT: Record<NewsletterStanding, string> = {
  none: 'Your address is not subscribed to the newsletter.',
  pending:
    'Your subscription waits for you to confirm it: follow the link we mailed to your address. Subscribe again for a new link.',
  confirmed: 'Your address is subscribed: each new post is mailed to it.',
  unsubscribed: 'You unsubscribed from the newsletter. Subscribing again asks you to confirm your address again.',
  bounced:
    'Mail to your address was refused, so the newsletter is no longer sent to it. Subscribing again asks you to confirm it.',
};

export function NewsletterSetting({ standing, email }: { standing: Standing; email: string }) {
  const subscribed = standing === 'confirmed' || standing === 'pending';
  return (
    <section className="member-section" aria-labelledby="newsletter-heading">
      <h2 id="newsletter-heading">Newsletter</h2>
      {standing === 'unknown' ? (
        <p role="status">Your newsletter setting cannot be shown just now. Please try again later.</p>
      ) : standing === null ? (
        <p data-testid="newsletter-standing" data-standing="unconfirmed">
          This page shows whether <strong>{email}</strong> is subscribed once the address is confirmed as yours. You can
          subscribe all the same: we mail a link to the address, and the subscription starts when it is followed. Each
          newsletter mail has a link to unsubscribe.
        </p>
      ) : (
        <p data-testid="newsletter-standing" data-standing={standing}>
          {STANDING_TEXT[standing]} <span className="account-address">({email})</span>
        </p>
      )}
      {standing === 'unknown' ? null : (
        <div className="account-actions">
          {standing !== 'confirmed' ? (
            <form method="post" action="/api/members/account/newsletter" className="member-form">
              <input type="hidden" name="intent" value="subscribe" />
              <button type="submit">{standing === 'pending' ? 'Mail the link again' : 'Subscribe'}</button>
            </form>
          ) : null}
          {subscribed ? (
            <form method="post" action="/api/members/account/newsletter" className="member-form">
              <input type="hidden" name="intent" value="unsubscribe" />
              <button type="submit">Unsubscribe</button>
            </form>
          ) : null}
        </div>
      )}
    </section>
  );
}

const dateText = (iso: string) =>
  new Intl.DateTimeFormat(SITE_LANGUAGE, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{dateText(iso)}</time>;
}

/** One plan: its name, since when, until when or when it renews, and how it is cancelled. */
function PlanItem({ plan, index }: { plan: MemberPlan; index: number }) {
  const name = plan.planName || plan.planId;
  const confirm = `account-plan-confirm-${index}`;
  return (
    <li className="account-plan" data-plan={plan.planId}>
      <h3>{name}</h3>
      <dl className="member-account">
        {plan.since ? (
          <>
            <dt>Since</dt>
            <dd>
              <When iso={plan.since} />
            </dd>
          </>
        ) : null}
        {plan.renews ? (
          <>
            <dt>Renews</dt>
            <dd>
              <When iso={plan.renews} />
            </dd>
          </>
        ) : null}
        <dt>Until</dt>
        <dd>
          {plan.until ? (
            <When iso={plan.until} />
          ) : plan.cancel === 'here' ? (
            'you cancel it, or the site’s owner ends it'
          ) : (
            'it is cancelled'
          )}
        </dd>
      </dl>
      {plan.cancel === 'here' ? (
        <form method="post" action="/api/members/account/plans" className="member-form">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="planId" value={plan.planId} />
          <label className="account-confirm" htmlFor={confirm}>
            <input id={confirm} type="checkbox" name="confirm" value="yes" required />I understand that cancelling ends{' '}
            {name} now: its paid posts show their preview, and only the site’s owner can give it again.
          </label>
          <button type="submit">Cancel {name}</button>
        </form>
      ) : (
        <p className="member-form__hint">
          Bought at Wix: it is paid and cancelled there, in the site’s member area at Wix (My Subscriptions), where the
          site’s owner lets plans be cancelled.
        </p>
      )}
    </li>
  );
}

/** The member's plans now; null when the platform cannot say. */
export function PlansSection({ plans }: { plans: MemberPlan[] | null }) {
  return (
    <section className="member-section" aria-labelledby="plans-heading">
      <h2 id="plans-heading">Your plans</h2>
      {plans === null ? (
        <p role="status">Your plans cannot be shown just now. Please try again later.</p>
      ) : plans.length === 0 ? (
        <p>You hold no plan. A paid post names the plans that open it.</p>
      ) : (
        <ul data-testid="member-plans" className="account-plans">
          {plans.map((plan, index) => (
            <PlanItem key={plan.planId} plan={plan} index={index} />
          ))}
        </ul>
      )}
    </section>
  );
}
