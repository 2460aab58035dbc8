// A draft's schedule in the editor's settings: a time (the owner's time zone, sent as ISO) and Schedule, or Unschedule.
export function ScheduleField(props: {
  scheduled: boolean;
  at: string;
  setAt: (at: string) => void;
  act: (action: 'schedule' | 'unschedule') => void;
}) {
  const { scheduled, at, setAt, act } = props;
  return (
    <fieldset>
      <legend>Schedule</legend>
      {scheduled ? (
        <button type="button" onClick={() => act('unschedule')}>
          Unschedule
        </button>
      ) : (
        <>
          <label>
            Publish at (your time zone)
            <input type="datetime-local" name="at" value={at} onChange={(e) => setAt(e.target.value)} />
          </label>
          <button type="button" onClick={() => act('schedule')}>
            Schedule
          </button>
        </>
      )}
    </fieldset>
  );
}
