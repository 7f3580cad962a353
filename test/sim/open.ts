import { connectExcel } from '../../taskpane/excel';
import { WorkbookHost } from '../../taskpane/host';
import { SimFixture, SimWorkbook } from './model';
import { installSim } from './office';

/** A simulated workbook behind the real adapter, its sync count reset after connecting. */
export async function openSim(
  fixture: SimFixture,
): Promise<{ model: SimWorkbook; host: WorkbookHost }> {
  const model = SimWorkbook.from(fixture);
  installSim(globalThis, model);
  const host = await connectExcel();
  if (!host.ok) throw new Error(host.error);
  model.syncCount = 0;
  return { model, host: host.value };
}
