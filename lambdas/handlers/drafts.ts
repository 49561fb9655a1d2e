import { httpHandler } from '../http/handler.ts';
import { createDraft, deleteDraftOp, getDraftOp, listDraftsOp, sendDraftOp, updateDraft } from '../usecases/mail-out/drafts.ts';

export const handler = httpHandler('drafts', {
  createDraft, listDrafts: listDraftsOp, getDraft: getDraftOp, updateDraft, deleteDraft: deleteDraftOp, sendDraft: sendDraftOp,
});
