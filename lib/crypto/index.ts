export { encrypt, decrypt } from "./aes-gcm";
export { certificateEncryptionKey, KEY_FILE_NAME } from "./encryption-key";
export { sealText, openText, isSealedText } from "./sealed-text";
