import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseXml, XmlNode } from './helpers/xml-tree';

/**
 * manifest.xml, offline: well-formed, a GUID id, https everywhere, every URL a file of the
 * taskpane build (made here in a temporary folder), every resource id defined (and used),
 * icons at their sizes, ExcelApi 1.7, a button on the Home tab opening the taskpane.
 */

const ROOT = join(__dirname, '..');
const SERVED = 'https://localhost:3000/';

const all = (node: XmlNode): XmlNode[] => [node, ...node.children.flatMap(all)];
const child = (node: XmlNode, name: string) => node.children.find((c) => c.name === name);
const path = (node: XmlNode, ...names: string[]) =>
  names.reduce<XmlNode | undefined>((n, name) => n && child(n, name), node);

const xml = readFileSync(join(ROOT, 'manifest.xml'), 'utf8');
const app = parseXml(xml);
const nodes = all(app);

/** The taskpane as `npm run build:taskpane` makes it: the folder the dev server serves. */
let built: string;

beforeAll(async () => {
  built = mkdtempSync(join(tmpdir(), 'praetor-manifest-'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { buildTaskpane } = require('../scripts/build-taskpane.js') as {
    buildTaskpane(o: { outdir: string; dev?: boolean }): Promise<string>;
  };
  await buildTaskpane({ outdir: built, dev: true });
}, 60_000);

afterAll(() => rmSync(built, { recursive: true, force: true }));

/** The built file served at a manifest URL. */
function servedFile(url: string): string {
  return join(built, decodeURIComponent(url.slice(SERVED.length).split(/[?#]/)[0]));
}

function pngSize(file: string): [number, number] {
  const data = readFileSync(file);
  expect(data.subarray(1, 4).toString('ascii')).toBe('PNG');
  return [data.readUInt32BE(16), data.readUInt32BE(20)];
}

test('well-formed, a TaskPaneApp for Excel workbooks, with a GUID id', () => {
  expect(() => parseXml(xml)).not.toThrow();
  expect(() => parseXml(xml.replace('</OfficeApp>', ''))).toThrow();
  expect(app.name).toBe('OfficeApp');
  expect(app.attrs['xsi:type']).toBe('TaskPaneApp');
  expect(path(app, 'Id')!.text).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  );
  expect(path(app, 'Hosts')!.children.map((h) => h.attrs.Name)).toEqual(['Workbook']);
  expect(path(app, 'Permissions')!.text).toBe('ReadWriteDocument');
});

test('the top-level elements come in the order the schema requires', () => {
  const order = [
    'Id',
    'AlternateId',
    'Version',
    'ProviderName',
    'DefaultLocale',
    'DisplayName',
    'Description',
    'IconUrl',
    'HighResolutionIconUrl',
    'SupportUrl',
    'AppDomains',
    'Hosts',
    'Requirements',
    'DefaultSettings',
    'Permissions',
    'VersionOverrides',
  ];
  const names = app.children.map((c) => c.name);
  expect(names.every((n) => order.includes(n))).toBe(true);
  expect([...names].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(names);
});

test('requires ExcelApi 1.7', () => {
  const sets = path(app, 'Requirements', 'Sets')!.children;
  expect(sets).toContainEqual(
    expect.objectContaining({ attrs: { Name: 'ExcelApi', MinVersion: '1.7' } }),
  );
});

test('every URL is https and is a file the taskpane build serves', () => {
  const urls = nodes
    .flatMap((n) => [
      ...Object.entries(n.attrs)
        .filter(([name]) => !name.startsWith('xmlns'))
        .map(([, value]) => value),
      n.children.length === 0 ? n.text.trim() : '',
    ])
    .filter((v) => /^[a-z]+:\/\//i.test(v));
  expect(urls.length).toBeGreaterThan(5);
  for (const url of urls) {
    expect(url).toMatch(/^https:\/\//);
    if (url === 'https://localhost:3000') continue; // the AppDomain
    expect(url.startsWith(SERVED)).toBe(true);
    expect(existsSync(servedFile(url))).toBe(true);
  }
  expect(path(app, 'DefaultSettings', 'SourceLocation')!.attrs.DefaultValue).toBe(
    `${SERVED}taskpane.html`,
  );
});

test('every resource id referenced is defined, in the right kind, and every one is used', () => {
  const resources = path(app, 'VersionOverrides', 'Resources')!;
  const defined = new Map<string, string>();
  for (const group of resources.children) {
    for (const item of group.children) {
      expect(defined.has(item.attrs.id)).toBe(false);
      expect(item.attrs.id.length).toBeLessThanOrEqual(32);
      defined.set(item.attrs.id, group.name);
    }
  }
  const kinds: Record<string, string> = {
    'bt:Image': 'bt:Images',
    SourceLocation: 'bt:Urls',
    LearnMoreUrl: 'bt:Urls',
    Label: 'bt:ShortStrings',
    Title: 'bt:ShortStrings',
    Description: 'bt:LongStrings',
  };
  const used = new Set<string>();
  for (const n of nodes.filter((n) => n.attrs.resid !== undefined)) {
    expect([n.attrs.resid, defined.get(n.attrs.resid)]).toEqual([n.attrs.resid, kinds[n.name]]);
    used.add(n.attrs.resid);
  }
  expect([...defined.keys()].filter((id) => !used.has(id))).toEqual([]);
  for (const s of path(resources, 'bt:ShortStrings')!.children) {
    expect(s.attrs.DefaultValue.length).toBeLessThanOrEqual(125);
  }
  for (const s of path(resources, 'bt:LongStrings')!.children) {
    expect(s.attrs.DefaultValue.length).toBeLessThanOrEqual(250);
  }
});

test('icons exist at their sizes', () => {
  const images = new Map(
    path(app, 'VersionOverrides', 'Resources', 'bt:Images')!.children.map((i) => [
      i.attrs.id,
      i.attrs.DefaultValue,
    ]),
  );
  const sized = nodes.filter((n) => n.name === 'bt:Image' && n.attrs.size !== undefined);
  expect(sized.length).toBeGreaterThan(0);
  for (const img of sized) {
    const size = Number(img.attrs.size);
    expect(pngSize(servedFile(images.get(img.attrs.resid)!))).toEqual([size, size]);
  }
  expect(pngSize(servedFile(path(app, 'IconUrl')!.attrs.DefaultValue))).toEqual([32, 32]);
  expect(pngSize(servedFile(path(app, 'HighResolutionIconUrl')!.attrs.DefaultValue))).toEqual([
    64, 64,
  ]);
});

test('a button on the Home tab opens the taskpane', () => {
  const host = path(app, 'VersionOverrides', 'Hosts', 'Host')!;
  expect(host.attrs['xsi:type']).toBe('Workbook');
  const point = path(host, 'DesktopFormFactor', 'ExtensionPoint')!;
  expect(point.attrs['xsi:type']).toBe('PrimaryCommandSurface');
  const tab = child(point, 'OfficeTab')!;
  expect(tab.attrs.id).toBe('TabHome');
  const button = all(tab).find((n) => n.name === 'Control')!;
  expect(button.attrs['xsi:type']).toBe('Button');
  const action = child(button, 'Action')!;
  expect(action.attrs['xsi:type']).toBe('ShowTaskpane');
  const url = path(app, 'VersionOverrides', 'Resources', 'bt:Urls')!.children.find(
    (u) => u.attrs.id === child(action, 'SourceLocation')!.attrs.resid,
  );
  expect(url!.attrs.DefaultValue).toBe(`${SERVED}taskpane.html`);
});
