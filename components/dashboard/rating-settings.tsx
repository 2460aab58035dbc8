import type { RatingSettings } from '@/lib/ratings';

// The owner's rating setting (issue 31): whether visitors without an account may rate posts, or members only. A plain
// form to app/api/owner/ratings/settings, so it works without JavaScript.

export function RatingSettingsForm({ settings, saved }: { settings: RatingSettings; saved: boolean }) {
  return (
    <form method="post" action="/api/owner/ratings/settings" className="member-policy">
      <fieldset>
        <legend className="visually-hidden">Rating settings</legend>
        {saved ? (
          <p role="status" className="form-status">
            The rating settings are saved.
          </p>
        ) : null}
        <label>
          <input type="checkbox" name="visitorsMayRate" defaultChecked={settings.visitorsMayRate} /> Visitors without an
          account may rate posts (otherwise members only)
        </label>
        <button type="submit">Save rating settings</button>
      </fieldset>
    </form>
  );
}
