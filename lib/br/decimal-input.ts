// Decimals typed by a person, Brazilian or international style, to the API's
// decimal string. No floats: the digits are kept as typed.

/**
 * "1.234,56" → "1234.56", "1234,56" → "1234.56", "1234.56" → "1234.56",
 * "1,234.56" → "1234.56", "18,9" → "18.9", "R$ 10" → "10". With both marks the
 * last one is the decimal separator; a lone "." followed by groups of exactly
 * three digits ("1.234", "12.345.678") is a Brazilian thousands mark; any
 * other lone mark is the decimal separator. Blank → null; anything else → NaN marker (undefined).
 */
export function parseDecimalInput(raw: string): string | null | undefined {
  const text = raw.replace(/R\$|\s|%/g, "");
  if (text === "") return null;
  const negative = text.startsWith("-");
  const body = negative ? text.slice(1) : text;
  if (!/^[\d.,]+$/.test(body) || !/\d/.test(body)) return undefined;
  const lastComma = body.lastIndexOf(",");
  const lastDot = body.lastIndexOf(".");
  let integer: string;
  let fraction = "";
  if (lastComma >= 0 && lastDot >= 0) {
    const decimalMark = lastComma > lastDot ? "," : ".";
    const thousandsMark = decimalMark === "," ? "." : ",";
    const cut = body.lastIndexOf(decimalMark);
    integer = body.slice(0, cut);
    fraction = body.slice(cut + 1);
    if (integer.includes(decimalMark) || !new RegExp(`^\\d{1,3}(\\${thousandsMark}\\d{3})*$`).test(integer)) return undefined;
    integer = integer.split(thousandsMark).join("");
  } else if (lastComma >= 0) {
    const parts = body.split(",");
    if (parts.length > 2) return undefined;
    [integer = "", fraction = ""] = parts;
  } else if (lastDot >= 0) {
    if (/^\d{1,3}(\.\d{3})+$/.test(body)) integer = body.split(".").join("");
    else {
      const parts = body.split(".");
      if (parts.length > 2) return undefined;
      [integer = "", fraction = ""] = parts;
    }
  } else integer = body;
  if (!/^\d*$/.test(integer) || !/^\d*$/.test(fraction) || (integer === "" && fraction === "")) return undefined;
  const normalized = `${(integer.replace(/^0+(?=\d)/, "") || "0")}${fraction ? `.${fraction}` : ""}`;
  return negative ? `-${normalized}` : normalized;
}

/**
 * A decimal string as a Brazilian input shows it, digits kept (no floats): "2000" → "2.000,00",
 * "1234.5" → "1.234,50", "10.1234567800" → "10,12345678" (trailing zeros past `minFraction` dropped).
 * parseDecimalInput reads it back to the same value.
 */
export function formatDecimalInput(value: string, minFraction = 2): string {
  const negative = value.startsWith("-");
  const [integer = "0", fraction = ""] = (negative ? value.slice(1) : value).split(".");
  const trimmed = fraction.replace(/0+$/, "").padEnd(minFraction, "0");
  const grouped = integer.replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${negative ? "-" : ""}${grouped}${trimmed ? `,${trimmed}` : ""}`;
}
