/**
 * The chat kernel: the operations other modules and channels call to change chats and messages
 * (ARCHITECTURE §1, §3). Each one writes the chat tables and publishes its own realtime events after
 * commit; callers import from here and never touch `chats`/`messages` or publish chat events.
 */
export { ingestInbound, type IngestOptions, type IngestResult } from './ingest';
export { storeOutbound, type OutboundInput } from './outbound';
export { revokeMessage } from './revoke';
export { mergeChats, type MergeChatsInput } from './merge-chats';
export { applyStatus, applyStatusMany } from './receipts';
export { applyStatusUpTo } from './receipts-up-to';
export { recordPricing } from './pricing';
export { findMessage, findMessageByExternalId, recordExternalId } from './message-lookup';
export { forgetAccount } from './account-cache';
export { publishChatsUpdated, releaseAgentChats, removeLabelFromChats } from './tenant-changes';
export { resolveContent, type ResolvedContent } from './content';
export { storeOutboundMany, type ManyOutboundItem, type ManyOutboundResult } from './outbound-many';
export { ChatHooks, type InboundListener, type InboundNotice, type StatusListener } from './hooks';
