import { Link } from "react-router";
import { DASHBOARD_PATH } from "../navigation/navigation.ts";

/**
 * What a staff screen shows anyone else who reaches its address (the API refuses them its data anyway): that
 * the area is the team's, and the way back.
 */
export function StaffOnly({ titleClassName }: { titleClassName?: string }) {
  return (
    <>
      <h1 className={titleClassName}>Area riservata</h1>
      <p>Quest'area è riservata al team legale di Argine.</p>
      <p>
        <Link to={DASHBOARD_PATH}>Torna alla tua area personale</Link>
      </p>
    </>
  );
}
