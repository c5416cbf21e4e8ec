/** Intimate images shared to harm on a public profile, author known: a crime (612-ter c.p.) on these days. */
export const revengePornAnswers = (firstEventDate: string, lastEventDate: string) => ({
  category: "REVENGEPORN",
  firstEventDate,
  lastEventDate,
  victimIsMinor: false,
  authorKnown: true,
  sexuallyExplicit: true,
  meantPrivate: true,
  consentToShare: false,
  sharedToHarm: true,
  channel: "SOCIAL_PUBLIC",
  platform: "Instagram",
});
