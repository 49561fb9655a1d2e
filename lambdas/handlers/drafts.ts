import { httpHandler } from '../http/handler.ts';
import { createDraft, deleteDraftOp, getDraftOp, listDraftsOp, sendDraftOp, updateDraft } from '../services/drafts.ts';

export const handler = httpHandler('drafts', {
  createDraft, listDrafts: listDraftsOp, getDraft: getDraftOp, updateDraft, deleteDraft: deleteDraftOp, sendDraft: sendDraftOp,
});
