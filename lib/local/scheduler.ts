import { DeleteScheduleCommand, GetScheduleCommand, ListSchedulesCommand, SchedulerClient } from '@aws-sdk/client-scheduler';

export type ScheduleTarget = (input: unknown) => Promise<unknown>;

/** Scheduler retries a failed target; locally a few quick retries, then the schedule is dropped and logged. */
const LOCAL_MAX_ATTEMPTS = 3;

/**
 * The EventBridge Scheduler stand-in: moto stores the one-time schedules; this fires each when
 * its at(...) time comes, invokes the target with the schedule's Input — due schedules side by side, as
 * Scheduler's asynchronous invocations are — and deletes the
 * schedule afterwards (ActionAfterCompletion DELETE), as Scheduler does.
 */
export function startScheduler(o: { groupName: string; target: ScheduleTarget; intervalMs?: number }) {
  const scheduler = new SchedulerClient({});
  const attempts = new Map<string, number>();
  /** Schedules whose target is running now (name@expression): a tick never fires one twice. */
  const inFlight = new Map<string, Promise<void>>();
  let running = true;
  let busy = false;

  /** One firing, as Scheduler does it: asynchronously, side by side with every other due schedule. */
  const fire = async (name: string, expression: string, input: string | undefined, deleteAfter: boolean) => {
    const key = `${name}@${expression}`;
    try {
      await o.target(JSON.parse(input ?? '{}'));
      attempts.delete(key);
    } catch (e) {
      const n = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, n);
      console.error(JSON.stringify({ level: 'error', message: 'scheduled target failed', schedule: name, attempt: n, error: String(e) }));
      if (n < LOCAL_MAX_ATTEMPTS) return;
      attempts.delete(key);
    }
    if (deleteAfter) await scheduler.send(new DeleteScheduleCommand({ Name: name, GroupName: o.groupName })).catch(() => undefined);
  };

  const tick = async () => {
    if (busy || !running) return;
    busy = true;
    try {
      let NextToken: string | undefined;
      do {
        const page = await scheduler.send(new ListSchedulesCommand({ GroupName: o.groupName, NextToken }));
        NextToken = page.NextToken;
        for (const s of page.Schedules ?? []) {
          if ([...inFlight.keys()].some((k) => k.startsWith(`${s.Name}@`))) continue;
          const full = await scheduler.send(new GetScheduleCommand({ Name: s.Name!, GroupName: o.groupName }));
          const at = /^at\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\)$/.exec(full.ScheduleExpression ?? '');
          if (!at || full.State === 'DISABLED') continue;
          if (Date.parse(`${at[1]}Z`) > Date.now()) continue;
          const key = `${s.Name}@${full.ScheduleExpression}`;
          const firing = fire(s.Name!, full.ScheduleExpression!, full.Target?.Input, full.ActionAfterCompletion === 'DELETE')
            .finally(() => inFlight.delete(key));
          inFlight.set(key, firing);
        }
      } while (NextToken);
    } catch (e) {
      if (running) console.error(JSON.stringify({ level: 'error', message: 'scheduler poll failed', error: String(e) }));
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), o.intervalMs ?? 500);
  return {
    stop: async () => {
      running = false;
      clearInterval(timer);
      while (busy) await new Promise((r) => setTimeout(r, 50));
      await Promise.allSettled(inFlight.values());
    },
  };
}
