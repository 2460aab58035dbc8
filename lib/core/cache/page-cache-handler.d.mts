import type FileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache';

export declare const isNotFoundPage: (data: unknown) => boolean;
export declare const isServable: (data: unknown) => boolean;

export default class PageCacheHandler extends FileSystemCache {
  hasEntry(key: string): boolean;
}
