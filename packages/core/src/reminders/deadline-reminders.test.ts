import { describe, expect, it } from "vitest";
import { evaluateFeedback } from "../feedback/evaluate.ts";
import { dueReminder, upcomingComplaintDeadline } from "./deadline-reminders.ts";

describe("the complaint deadline's reminders", () => {
  it("sends the nearest reminder reached, once", () => {
    expect(dueReminder(31, [])).toBeNull();
    expect(dueReminder(30, [])).toBe(30);
    expect(dueReminder(30, [30])).toBeNull();
    expect(dueReminder(8, [30])).toBeNull();
    expect(dueReminder(7, [30])).toBe(7);
    // A client who opts in 5 days before hears once now, not twice.
    expect(dueReminder(5, [])).toBe(7);
    expect(dueReminder(1, [30, 7])).toBe(1);
    expect(dueReminder(0, [30, 7])).toBe(1);
    expect(dueReminder(0, [30, 7, 1])).toBeNull();
    expect(dueReminder(-1, [])).toBeNull();
  });

  it("reads the complaint deadline from the feedback, not the prescription", () => {
    const answers = { category: "DEFAMATION", firstEventDate: "2026-11-01", lastEventDate: "2026-11-01" };
    const feedback = evaluateFeedback(answers as never, "2026-11-24");
    expect(upcomingComplaintDeadline(feedback, "2026-11-24")).toBe("2027-02-01");
    expect(upcomingComplaintDeadline(feedback, "2027-02-01")).toBe("2027-02-01");
    expect(upcomingComplaintDeadline(feedback, "2027-02-02")).toBeNull();
    expect(upcomingComplaintDeadline(null, "2026-11-24")).toBeNull();
  });
});
