import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

/** zxcvbn scores 0..4; 3 ("safely unguessable") is the least a password needs here. */
export const MIN_PASSWORD_SCORE = 3;

const zxcvbn = new ZxcvbnFactory({
  translations: en.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...en.dictionary },
});

export interface PasswordVerdict {
  strong: boolean;
  warning: string;
  suggestions: string[];
}

/** Judges a password, counting the user's own name and email as guessable words. */
export function judgePassword(password: string, userInputs: string[]): PasswordVerdict {
  const result = zxcvbn.check(password, userInputs.filter(Boolean));
  return {
    strong: result.score >= MIN_PASSWORD_SCORE,
    warning: result.feedback.warning || 'Weak Password',
    suggestions: result.feedback.suggestions,
  };
}
