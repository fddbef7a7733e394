// The images module's public face: what the rest of the server may use of it. Every other file of
// this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// Uploaded pictures: stored once in every size the pages ask for, in the object store (#modules/storage).
export { createImageService, type ImageService } from "./images.service";
