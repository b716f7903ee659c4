/**
 * A normative rule: its id, how the validation service grades it, and a check that says whether
 * the rule applied to the model (its Given steps selected something) and what it found.
 */
import type { Finding, MessageRef, Severity } from './types';
import type { View } from './view';

/** Collects a rule's findings, up to a limit, counting the rest. */
export class Findings {
  readonly list: Finding[] = [];
  count = 0;
  activated = false;

  constructor(
    readonly view: View,
    readonly rule: string,
    readonly severity: Severity,
    private readonly limit: number,
  ) {}

  /** Marks the rule as applying to the model. */
  activate(when = true): void {
    if (when) this.activated = true;
  }

  /** A finding on an instance (or on the file when `stepId` is null). */
  add(stepId: number | null, messageId: string, values: MessageRef['values'] = {}): void {
    this.count++;
    if (this.list.length >= this.limit) return;
    this.list.push({
      rule: this.rule,
      severity: this.severity,
      stepId,
      globalId: stepId === null ? null : this.view.globalId(stepId),
      className: stepId === null ? null : this.view.className(stepId),
      message: { id: messageId, values },
    });
  }
}

export interface Rule {
  readonly id: string;
  /** 'error' for implementer agreements, informal propositions and critical rules; 'warning' for industry practice. */
  readonly severity: Severity;
  /** Whether buildingSMART's service currently runs it (features tagged @disabled are not). */
  readonly disabledUpstream?: boolean;
  check(view: View, out: Findings): void;
}
