// CODE-128 code set C (MOC Anexo II: the DANFE prints the access key as
// "código de barras CODE-128C"), encoded here rather than through a barcode
// library: the 44 digits are 22 pairs, each pair one symbol character, so the
// whole symbol is a table lookup. The test checks it against bwip-js (BWIPP).

// Bar/space widths in modules of the symbol characters 0-106 (ISO/IEC 15417,
// table 1); each starts with a bar. 105 is Start C, 106 the stop pattern.
const PATTERNS = (
  "212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 " +
  "112232 122132 122231 113222 123122 123221 223211 221132 221231 213212 223112 312131 " +
  "311222 321122 321221 312212 322112 322211 212123 212321 232121 111323 131123 131321 " +
  "112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 " +
  "313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 " +
  "314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 112412 122114 " +
  "122411 142112 142211 241211 221114 413111 241112 134111 111242 121142 121241 114212 " +
  "124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 " +
  "114311 411113 411311 113141 114131 311141 411131 211412 211214 211232 2331112"
).split(" ");

const START_C = 105;
const STOP = 106;

/**
 * Bar and space widths (in modules, starting with a bar) of an even-length
 * digit string in code set C: start C, the pairs, the mod-103 check
 * character, stop.
 */
export function code128cWidths(digits: string): number[] {
  if (!/^(\d\d)+$/.test(digits)) throw new Error("CODE-128C needs an even number of digits");
  const values = [START_C];
  for (let i = 0; i < digits.length; i += 2) values.push(Number(digits.slice(i, i + 2)));
  const checksum = values.reduce((sum, value, position) => sum + value * Math.max(position, 1), 0) % 103;
  values.push(checksum, STOP);
  return values.flatMap((value) => [...PATTERNS[value]!].map(Number));
}
