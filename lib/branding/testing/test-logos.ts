import { readFileSync } from "node:fs";
import type { DanfeLogo } from "@/lib/danfe/danfe-logo";
import { logoDataUri } from "../company-logo";
import { readLogoImage } from "../logo-image";

/** The logo files beside this module, as a render job carries a company's logo (tests of every printed document). */
export type TestLogoName = "logo-240x120.jpg" | "logo-240x120-progressive.jpg" | "logo-160-alpha.png" | "logo-160-interlaced.png";

export function testLogo(name: TestLogoName): DanfeLogo {
  const file = readFileSync(new URL(`./${name}`, import.meta.url));
  const image = readLogoImage(file);
  return { src: logoDataUri(image.contentType, file), width: image.width, height: image.height };
}
