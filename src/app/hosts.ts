/** Where the Android package is served on the mobile-web host (part 1 §1). */
export const APK_DOWNLOAD_PATH = '/data/apk/download';

/**
 * The Android app's download address: the mobile-web (PWA) sub-host is the current host with its
 * "www" part replaced by "pwa" (part 1 §1). A host without "www" (localhost, a bare IP) has no
 * separate sub-host, so the current host serves the download itself. The port is kept so local and
 * test setups on one machine still work.
 */
export function apkDownloadUrl(location: { protocol: string; host: string }): string {
  const host = location.host.replace(/www/i, 'pwa');
  return `${location.protocol}//${host}${APK_DOWNLOAD_PATH}`;
}
