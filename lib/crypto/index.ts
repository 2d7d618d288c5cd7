export { encrypt, decrypt } from "./aes-gcm";
export { adoptEmbeddedKeyFile, certificateEncryptionKey, KEY_FILE_NAME, KEY_VARIABLE, setThrowawayEncryptionKey } from "./encryption-key";
export { sealText, openText, isSealedText } from "./sealed-text";
