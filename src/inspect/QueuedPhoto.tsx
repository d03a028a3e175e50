import { useEffect, useState } from 'react';
import { Image, Skeleton } from '@mantine/core';
import { useLiveQuery, useMirror } from '../sync/react.tsx';

/** A photo taken for an answer, shown from the upload queue (it is on the tablet, sent or not). */
export function QueuedPhoto({ sha256, alt, size = 96 }: { sha256: string; alt: string; size?: number }) {
  const db = useMirror();
  const blob = useLiveQuery(async () => (await db.blobs.get(sha256))?.blob ?? null, [db, sha256]);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  if (!url) return <Skeleton w={size} h={size} radius="sm" />;
  return <Image src={url} alt={alt} w={size} h={size} fit="cover" radius="sm" />;
}
