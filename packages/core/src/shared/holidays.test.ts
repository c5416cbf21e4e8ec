import { describe, expect, it } from "vitest";
import { easterSunday, italianHolidayOn, italianHolidays } from "./holidays.ts";

// Easter Sunday as the Church's tables give it (the Gregorian dates published for 1900–2099, a sample of
// every decade and the extremes: 22 March 1818 and 2285 the earliest, 25 April 1943 and 2038 the latest).
const KNOWN_EASTERS = [
  "1818-03-22",
  "1900-04-15",
  "1913-03-23",
  "1943-04-25",
  "1954-04-18",
  "1961-04-02",
  "1970-03-29",
  "1981-04-19",
  "1990-04-15",
  "1999-04-04",
  "2000-04-23",
  "2001-04-15",
  "2002-03-31",
  "2003-04-20",
  "2004-04-11",
  "2005-03-27",
  "2006-04-16",
  "2007-04-08",
  "2008-03-23",
  "2009-04-12",
  "2010-04-04",
  "2011-04-24",
  "2012-04-08",
  "2013-03-31",
  "2014-04-20",
  "2015-04-05",
  "2016-03-27",
  "2017-04-16",
  "2018-04-01",
  "2019-04-21",
  "2020-04-12",
  "2021-04-04",
  "2022-04-17",
  "2023-04-09",
  "2024-03-31",
  "2025-04-20",
  "2026-04-05",
  "2027-03-28",
  "2028-04-16",
  "2029-04-01",
  "2030-04-21",
  "2031-04-13",
  "2032-03-28",
  "2033-04-17",
  "2034-04-09",
  "2035-03-25",
  "2036-04-13",
  "2037-04-05",
  "2038-04-25",
  "2039-04-10",
  "2040-04-01",
  "2049-04-18",
  "2076-04-19",
  "2099-04-12",
  "2285-03-22",
];

describe("Italy's national holidays", () => {
  it("computes Easter Sunday as the published tables give it", () => {
    for (const date of KNOWN_EASTERS) expect(easterSunday(Number(date.slice(0, 4))), date).toBe(date);
  });

  it("always puts Easter on a Sunday between 22 March and 25 April", () => {
    for (let year = 1583; year <= 4099; year++) {
      const easter = easterSunday(year);
      expect(new Date(`${easter}T00:00:00Z`).getUTCDay(), easter).toBe(0);
      expect(easter.slice(5) >= "03-22" && easter.slice(5) <= "04-25", easter).toBe(true);
    }
  });

  it("lists the eleven national days of a year, Easter Monday included", () => {
    expect(italianHolidays(2027).map((holiday) => holiday.date)).toEqual([
      "2027-01-01",
      "2027-01-06",
      "2027-03-29",
      "2027-04-25",
      "2027-05-01",
      "2027-06-02",
      "2027-08-15",
      "2027-11-01",
      "2027-12-08",
      "2027-12-25",
      "2027-12-26",
    ]);
  });

  it("names the holiday of a day, and nothing on an ordinary day", () => {
    expect(italianHolidayOn("2026-12-08")?.name).toBe("Immacolata Concezione");
    expect(italianHolidayOn("2026-12-25")?.name).toBe("Natale");
    expect(italianHolidayOn("2026-04-06")?.name).toBe("Lunedì dell'Angelo");
    expect(italianHolidayOn("2026-04-05")).toBeNull(); // Easter Sunday is a Sunday, not a holiday of its own
    expect(italianHolidayOn("2026-12-09")).toBeNull();
  });
});
