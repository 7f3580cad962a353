import { launchChromium } from '../browser';

export type Paper = 'A4' | 'Letter';

/** Prints an HTML document to PDF with headless Chromium; page numbers in the footer. */
export async function htmlToPdf(html: string, paper: Paper): Promise<Buffer> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    return await page.pdf({
      format: paper,
      printBackground: true,
      margin: { top: '12mm', bottom: '14mm', left: '14mm', right: '14mm' },
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate:
        '<div style="font-size:8px;width:100%;text-align:center;font-family:Helvetica,Arial,sans-serif">' +
        'Praetor battle report — page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
    });
  } finally {
    await browser.close();
  }
}
