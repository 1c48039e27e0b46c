// The missing_translation warning asked to "set a Italian name": the language now follows "in", which
// reads right for every language's name (docs/api.md#label-languages).
import { describe, expect, it } from 'vitest';
import { translationWarning } from '../../src/core/label/shared/warnings.js';

describe('missing_translation message', () => {
  it.each(['Italian', 'English', 'French', 'German', 'Spanish', 'Dutch'])(
    'asks for a name in %s without an article before the language',
    (language) => {
      const one = translationWarning(language, [{ id: 1, name: 'Butter' }]);
      const two = translationWarning(language, [
        { id: 1, name: 'Butter' },
        { id: 2, name: 'Sugar' },
      ]);
      expect(one?.message).toContain(`give it a name (or ingredient list) in ${language}`);
      expect(two?.message).toContain(`give them a name (or ingredient list) in ${language}`);
      expect(`${one?.message} ${two?.message}`).not.toMatch(/\ba [AEIOU]/);
    },
  );
});
