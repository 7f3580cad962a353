import { SimFixture, SimWorkbook } from './model';
import { installSim } from './office';

/**
 * The browser test's stand-in for office.js: served at the Office CDN's URL, it builds the
 * workbook that the test put in `window.__simFixture` and exposes it as `window.__sim`.
 */
const page = window as unknown as { __simFixture?: SimFixture; __sim?: SimWorkbook };
const model = SimWorkbook.from(page.__simFixture ?? { sheets: [{ name: 'Sheet1', rows: [] }] });
page.__sim = model;
installSim(window, model);
