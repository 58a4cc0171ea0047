/** The tables whose rows show where their record's changes stand. */
export type SyncTable = 'links' | 'channels' | 'campaigns' | 'domains' | 'qrs' | 'pixels' | 'channelItems';

/** A mirrored row as generic code sees it. */
export type Row = Record<string, unknown>;
