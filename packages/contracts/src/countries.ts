/** A country for the dial-code pickers (spec §3 'Country list entry'). */
export interface Country {
  name: string;
  dial: string;
  emoji: string;
  code: string;
}

/** Flag emoji from an ISO 3166 alpha-2 code, via regional indicator symbols. */
function flag(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

// [code, dial, name]; Indonesia first (spec §3), the rest alphabetical by Indonesian name.
const RAW: ReadonlyArray<readonly [string, string, string]> = [
  ['ID', '62', 'Indonesia'],
  ['US', '1', 'Amerika Serikat'],
  ['SA', '966', 'Arab Saudi'],
  ['AU', '61', 'Australia'],
  ['BD', '880', 'Bangladesh'],
  ['NL', '31', 'Belanda'],
  ['BE', '32', 'Belgia'],
  ['BR', '55', 'Brasil'],
  ['BN', '673', 'Brunei Darussalam'],
  ['DK', '45', 'Denmark'],
  ['PH', '63', 'Filipina'],
  ['FI', '358', 'Finlandia'],
  ['HK', '852', 'Hong Kong'],
  ['IN', '91', 'India'],
  ['GB', '44', 'Inggris'],
  ['IE', '353', 'Irlandia'],
  ['IT', '39', 'Italia'],
  ['JP', '81', 'Jepang'],
  ['DE', '49', 'Jerman'],
  ['KH', '855', 'Kamboja'],
  ['CA', '1', 'Kanada'],
  ['KR', '82', 'Korea Selatan'],
  ['KW', '965', 'Kuwait'],
  ['LA', '856', 'Laos'],
  ['MO', '853', 'Makau'],
  ['MY', '60', 'Malaysia'],
  ['EG', '20', 'Mesir'],
  ['MM', '95', 'Myanmar'],
  ['NP', '977', 'Nepal'],
  ['NO', '47', 'Norwegia'],
  ['OM', '968', 'Oman'],
  ['PK', '92', 'Pakistan'],
  ['FR', '33', 'Prancis'],
  ['QA', '974', 'Qatar'],
  ['SG', '65', 'Singapura'],
  ['ES', '34', 'Spanyol'],
  ['LK', '94', 'Sri Lanka'],
  ['SE', '46', 'Swedia'],
  ['CH', '41', 'Swiss'],
  ['TW', '886', 'Taiwan'],
  ['TH', '66', 'Thailand'],
  ['CN', '86', 'Tiongkok'],
  ['TL', '670', 'Timor Leste'],
  ['TR', '90', 'Turki'],
  ['AE', '971', 'Uni Emirat Arab'],
  ['VN', '84', 'Vietnam'],
  ['NZ', '64', 'Selandia Baru'],
  ['ZA', '27', 'Afrika Selatan'],
];

export const COUNTRIES: readonly Country[] = RAW.map(([code, dial, name]) => ({
  code,
  dial,
  name,
  emoji: flag(code),
}));
