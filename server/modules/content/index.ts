// The content module's public face: what the rest of the server may use of it. Every other file of
// this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// The site settings, home banners, contact messages and the tracking pixel.
export { type AdminBanner, type Banner, type BannerState, createBannersService } from "./banners";
export { type ContentService, createContentService } from "./content.service";
export { type ContactMessage, type ContactMessageRow, createMessagesService } from "./messages";
export { createPixelAdmin, pixelInputSchema } from "./pixel";
export { createSettingsAdmin, type SettingsFacts } from "./settings";
