import { useEffect } from "react";
import { useApp } from "../../state/useApp.ts";

const SHOWN_FOR_MS = 6000;

/** A short note about something the page did on its own, such as restarting the run. */
export function NoticeBanner() {
  const notice = useApp((state) => state.notice);
  const dismiss = useApp((state) => state.dismissNotice);
  useEffect(() => {
    if (notice === null) return;
    const timer = setTimeout(dismiss, SHOWN_FOR_MS);
    return () => clearTimeout(timer);
  }, [notice, dismiss]);
  if (notice === null) return null;
  return (
    <section className="banner banner-notice" role="status">
      <p className="banner-text">{notice}</p>
      <button type="button" onClick={dismiss}>
        OK
      </button>
    </section>
  );
}
