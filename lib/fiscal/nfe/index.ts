// Public surface of the NF-e/NFC-e 4.00 XML engine (issue 5): schema
// validation, XMLDSig signing and verification. Builders are added below as
// they land; nothing here knows about HTTP routes or the database.
export { checkXmlSchema, validateXml, XML_SCHEMAS, type SchemaCheck, type XmlSchema } from "@/lib/fiscal/xml/schema-validation";
export {
  signXml,
  verifyXmlSignature,
  type SignatureCheck,
  type SignedTag,
  type SigningCredentials,
} from "@/lib/fiscal/xml/xml-signature";
export {
  accessKeyCheckDigit,
  buildAccessKey,
  isAcceptableCnf,
  isValidAccessKey,
  parseAccessKey,
  randomCnf,
  type AccessKeyParts,
  type ParsedAccessKey,
} from "./access-key";
