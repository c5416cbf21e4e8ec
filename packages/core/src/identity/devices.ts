// The signed-in devices the profile lists (/v1/users/me/devices): a readable name from the user agent alone,
// no address lookup and no third party. A user agent is a claim of the browser, good enough for a person to
// recognise their own devices, not a proof.

// Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", Android says "Linux"; a headless
// Chrome says "HeadlessChrome".
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bSafari\//, "Safari"],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b|\biPod\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const first = (list: readonly [RegExp, string][], userAgent: string) =>
  list.find(([pattern]) => pattern.test(userAgent))?.[1];

/** "Chrome su Android", "Safari su iPhone"; "Browser sconosciuto" when the user agent names neither. */
export function deviceName(userAgent: string): string {
  const browser = first(BROWSERS, userAgent);
  const system = first(SYSTEMS, userAgent);
  if (browser && system) return `${browser} su ${system}`;
  return browser ?? (system ? `Browser su ${system}` : "Browser sconosciuto");
}
