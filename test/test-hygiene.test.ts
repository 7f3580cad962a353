import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * Jest's `toMatchObject` takes a RegExp inside the expected object as an object with no keys,
 * so `toMatchObject({ error: /x/ })` passes for any string (jestjs/jest#11112): an assertion
 * that cannot fail. Such a pattern must be written `expect.stringMatching(/x/)`.
 */

const TEST_DIR = __dirname;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' ? [] : testFiles(path);
    return /\.ts$/.test(e.name) ? [path] : [];
  });
}

/** `file:line` of every RegExp literal given to `toMatchObject`, outside `stringMatching`. */
function bareRegExpsInMatchObject(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node, inMatchObject: boolean): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      if (name === 'stringMatching') return;
      if (name === 'toMatchObject') {
        ts.forEachChild(node.expression, (c) => visit(c, inMatchObject));
        node.arguments.forEach((a) => visit(a, true));
        return;
      }
    }
    if (inMatchObject && node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${path}:${line + 1}: ${node.getText()}`);
    }
    ts.forEachChild(node, (c) => visit(c, inMatchObject));
  };
  visit(source, false);
  return found;
}

describe('the tests themselves', () => {
  it('finds a bare RegExp in toMatchObject, and leaves stringMatching alone', () => {
    const text = [
      'expect(r).toMatchObject({ ok: false, error: /^die 1/ });',
      'expect(r).toMatchObject({ error: expect.stringMatching(/^die 1/) });',
      'expect(r.error).toMatch(/^die 1/);',
    ].join('\n');
    expect(bareRegExpsInMatchObject('x.ts', text)).toEqual(['x.ts:1: /^die 1/']);
  });

  it('give no RegExp to toMatchObject, where it would match any string', () => {
    const found = testFiles(TEST_DIR).flatMap((f) =>
      bareRegExpsInMatchObject(f, readFileSync(f, 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
