import { Image } from "@react-pdf/renderer";

/**
 * The issuer's logo as a render job carries it (plain data, it crosses to a render worker):
 * a data: URI of the validated PNG or JPEG (lib/branding/logo-image.ts) and its pixel size.
 */
export type DanfeLogo = { src: string; width: number; height: number };

/** The logo's printed size: the whole image inside a box of maxWidth × maxHeight points, proportions kept. */
export function fitLogo(logo: Pick<DanfeLogo, "width" | "height">, maxWidth: number, maxHeight: number): { width: number; height: number } {
  const scale = Math.min(maxWidth / logo.width, maxHeight / logo.height);
  return { width: Math.round(logo.width * scale * 100) / 100, height: Math.round(logo.height * scale * 100) / 100 };
}

export function LogoImage({ logo, maxWidth, maxHeight, center = false }: { logo: DanfeLogo; maxWidth: number; maxHeight: number; center?: boolean }) {
  const size = fitLogo(logo, maxWidth, maxHeight);
  // react-pdf's Image has no alt (a PDF image, not HTML); the issuer's name is printed beside it.
  // eslint-disable-next-line jsx-a11y/alt-text
  return <Image src={logo.src} style={{ ...size, ...(center ? { alignSelf: "center" } : {}) }} />;
}
