import { describe, expect, it } from 'vitest';
import { WORKFLOW_TITLE_IN_USE_MESSAGE, WORKFLOW_TITLE_INVALID_MESSAGE, WORKFLOW_TITLE_RESERVED_MESSAGE } from '../../../core/schema/workflow.ts';
import { saveAsTitleProblem } from './SaveAsDialog.tsx';

describe('the Save As title (part 2 §5)', () => {
  const titles = [{ title: 'Forklift Daily' }, { title: 'Deicer Seasonal' }];

  it('is unique among the workflows, compared trimmed and case-insensitively', () => {
    expect(saveAsTitleProblem('  forklift DAILY ', titles)).toBe(WORKFLOW_TITLE_IN_USE_MESSAGE);
    expect(saveAsTitleProblem('Forklift Daily v2', titles)).toBeNull();
  });

  it('is 2 to 119 characters of the allowed ones, starting with a word character', () => {
    expect(saveAsTitleProblem('A', titles)).toBe('Titles are 2 to 119 characters');
    expect(saveAsTitleProblem('x'.repeat(120), titles)).toBe('Titles are 2 to 119 characters');
    expect(saveAsTitleProblem('x'.repeat(119), titles)).toBeNull();
    expect(saveAsTitleProblem('-Leading dash', titles)).toBe(WORKFLOW_TITLE_INVALID_MESSAGE);
    expect(saveAsTitleProblem('Tanks <daily>', titles)).toBe(WORKFLOW_TITLE_INVALID_MESSAGE);
    expect(saveAsTitleProblem(`Crew's #2 (A&B); 50% / day, "v1.0"`, titles)).toBeNull();
  });

  it('may not start with the AF-1800 Full prefix, whatever its case and spacing, as the server refuses it', () => {
    for (const title of ['AF-1800 Full (Hours)', 'af-1800 full copy', '  AF-1800   FULL daily', 'AF-1800 Fullness']) {
      expect(saveAsTitleProblem(title, titles), title).toBe(WORKFLOW_TITLE_RESERVED_MESSAGE);
    }
    expect(saveAsTitleProblem('My AF-1800 Full copy', titles)).toBeNull();
    expect(saveAsTitleProblem('AF-1800 daily', titles)).toBeNull();
  });
});
