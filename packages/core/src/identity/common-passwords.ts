// Passwords that pass the length and character rule yet are among the first any attacker tries: the
// well-known international lists plus Italian favourites (teams, cities, words). Compared case-insensitively.
const LIST = `
password1 password12 password123 password1234 passw0rd passw0rd1 p4ssw0rd p@ssw0rd1 password01 password2024
password2025 password2026 qwerty123 qwerty1234 qwerty12345 qwertyuiop1 qwerty1! asdfgh123 zxcvbnm1 abc12345
abcd1234 abcdef123 aa123456 a1234567 a12345678 1234abcd 12345abc 1q2w3e4r 1q2w3e4r5t 1qaz2wsx q1w2e3r4
q1w2e3r4t5 welcome1 welcome123 welcome2024 letmein1 letmein123 iloveyou1 iloveyou2 monkey123 dragon123
sunshine1 princess1 football1 baseball1 superman1 batman123 trustno1a master123 admin123 administrator1
changeme1 test1234 tester123 user1234 login123 secret123 summer2024 summer2025 winter2024 winter2025
spring2025 autumn2025 hello123 helloworld1 starwars1 pokemon123 minecraft1 charlie123 michael1 jennifer1
jordan23a computer1 internet1 samsung123 iphone123 google123 facebook1 instagram1 whatsapp1 tiktok123
ciao1234 ciao12345 ciaociao1 ciaobella1 amore123 amore1234 amoremio1 tiamo123 tiamo1234 teamo123
ciaone123 ciaoamore1 password! juventus1 juventus10 juventus1897 forzajuve1 forzajuve10 milan1899 acmilan1
forzamilan1 inter1908 forzainter1 napoli1926 forzanapoli1 roma1927 forzaroma1 lazio1900 forzalazio1
fiorentina1 torino1906 italia123 italia2006 forzaitalia1 roma1234 milano123 napoli123 torino123 palermo1
firenze123 bologna123 genova123 venezia123 verona123 bari1234 catania123 sicilia123 sardegna1 toscana1
calabria1 puglia123 francesco1 giuseppe1 alessandro1 andrea123 marco1234 luca1234 matteo123 lorenzo1
giulia123 chiara123 francesca1 martina123 sara1234 valentina1 federica1 elisa1234 alessia123 giorgia1
antonio1 giovanni1 roberto1 stefano1 simone123 davide123 daniele1 paolo1234 mario1234 maria1234 anna1234
laura1234 mamma123 papa1234 famiglia1 bambino1 gattino1 cagnolino1 tesoro123 stella123 fiore123 sole1234
mare1234 estate123 inverno1 natale123 pasqua123 dicembre1 gennaio1 settembre1 ottobre1 novembre1
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.trim().split(/\s+/));

export function isCommonPassword(value: string): boolean {
  return COMMON_PASSWORDS.has(value.toLowerCase());
}
