import { z } from "zod";
import { RequiredStringSchema } from "../shared/fields.ts";
import { type EnumValue, labelledEnum } from "../shared/labelled-enum.ts";
import { MESSAGES } from "../shared/messages.ts";

// Italian province abbreviations (sigle), as used in addresses and on invoices.

/**
 * The 111 sigle with their names, in alphabetical order: the 107 current provinces, metropolitan cities and
 * equivalent bodies (SU, Sud Sardegna, included) and the four Sardinian sigle reinstated by the 2025
 * reorganisation (SARDINIA_REINSTATED_PROVINCE_CODES).
 */
export const PROVINCE = labelledEnum({
  AG: "Agrigento",
  AL: "Alessandria",
  AN: "Ancona",
  AO: "Aosta",
  AP: "Ascoli Piceno",
  AQ: "L'Aquila",
  AR: "Arezzo",
  AT: "Asti",
  AV: "Avellino",
  BA: "Bari",
  BG: "Bergamo",
  BI: "Biella",
  BL: "Belluno",
  BN: "Benevento",
  BO: "Bologna",
  BR: "Brindisi",
  BS: "Brescia",
  BT: "Barletta-Andria-Trani",
  BZ: "Bolzano",
  CA: "Cagliari",
  CB: "Campobasso",
  CE: "Caserta",
  CH: "Chieti",
  CI: "Sulcis Iglesiente",
  CL: "Caltanissetta",
  CN: "Cuneo",
  CO: "Como",
  CR: "Cremona",
  CS: "Cosenza",
  CT: "Catania",
  CZ: "Catanzaro",
  EN: "Enna",
  FC: "Forlì-Cesena",
  FE: "Ferrara",
  FG: "Foggia",
  FI: "Firenze",
  FM: "Fermo",
  FR: "Frosinone",
  GE: "Genova",
  GO: "Gorizia",
  GR: "Grosseto",
  IM: "Imperia",
  IS: "Isernia",
  KR: "Crotone",
  LC: "Lecco",
  LE: "Lecce",
  LI: "Livorno",
  LO: "Lodi",
  LT: "Latina",
  LU: "Lucca",
  MB: "Monza e Brianza",
  MC: "Macerata",
  ME: "Messina",
  MI: "Milano",
  MN: "Mantova",
  MO: "Modena",
  MS: "Massa-Carrara",
  MT: "Matera",
  NA: "Napoli",
  NO: "Novara",
  NU: "Nuoro",
  OG: "Ogliastra",
  OR: "Oristano",
  OT: "Gallura Nord-Est Sardegna",
  PA: "Palermo",
  PC: "Piacenza",
  PD: "Padova",
  PE: "Pescara",
  PG: "Perugia",
  PI: "Pisa",
  PN: "Pordenone",
  PO: "Prato",
  PR: "Parma",
  PT: "Pistoia",
  PU: "Pesaro e Urbino",
  PV: "Pavia",
  PZ: "Potenza",
  RA: "Ravenna",
  RC: "Reggio Calabria",
  RE: "Reggio Emilia",
  RG: "Ragusa",
  RI: "Rieti",
  RM: "Roma",
  RN: "Rimini",
  RO: "Rovigo",
  SA: "Salerno",
  SI: "Siena",
  SO: "Sondrio",
  SP: "La Spezia",
  SR: "Siracusa",
  SS: "Sassari",
  SU: "Sud Sardegna",
  SV: "Savona",
  TA: "Taranto",
  TE: "Teramo",
  TN: "Trento",
  TO: "Torino",
  TP: "Trapani",
  TR: "Terni",
  TS: "Trieste",
  TV: "Treviso",
  UD: "Udine",
  VA: "Varese",
  VB: "Verbano-Cusio-Ossola",
  VC: "Vercelli",
  VE: "Venezia",
  VI: "Vicenza",
  VR: "Verona",
  VS: "Medio Campidano",
  VT: "Viterbo",
  VV: "Vibo Valentia",
});
export type ProvinceCode = EnumValue<typeof PROVINCE>;

/**
 * Sardinian sigle reinstated by the 2025 reorganisation (and still printed on many documents): Carbonia-
 * Iglesias / Sulcis Iglesiente, Medio Campidano, Ogliastra, Olbia-Tempio / Gallura Nord-Est Sardegna.
 */
export const SARDINIA_REINSTATED_PROVINCE_CODES = [
  "CI",
  "VS",
  "OG",
  "OT",
] as const satisfies readonly ProvinceCode[];

/** Case-insensitive: " mi " is Milano. */
export function isProvinceCode(value: string): boolean {
  return PROVINCE.is(value.trim().toUpperCase());
}

/** A required sigla, any case, parsed to upper case: 'Provincia non valida…'. */
export const ProvinceSchema = RequiredStringSchema.toUpperCase().pipe(
  z.enum(PROVINCE.values, { error: MESSAGES.invalidProvince }),
);
