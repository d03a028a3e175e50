import { pwaHostOf } from '../../core/rules/pwa-host.ts';

/** Where the Android package is served on the mobile-web host (part 1 §1). */
export const APK_DOWNLOAD_PATH = '/data/apk/download';

/**
 * The Android app's download address: on the mobile-web (PWA) sub-host of the current host
 * (core/rules/pwa-host.ts), with the current protocol.
 */
export function apkDownloadUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol}//${pwaHostOf(location.host)}${APK_DOWNLOAD_PATH}`;
}
