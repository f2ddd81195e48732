// The build's subset of Bootstrap's stylesheet: which classes count as used, and the real stylesheet against the
// real sources (what the lead list, the popups and the side menu need must survive).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import {
  classCanOccur,
  classWordsOf,
  dropUnusedRules,
  libraryFilesImported,
  selectorCanMatch,
  usedClassWords,
} from './bootstrap-subset';

const here = import.meta.dirname;
const nodeModules = path.resolve(here, '../../../node_modules');

describe('classes in use', () => {
  const words = classWordsOf([
    `<div className="card h-100 shadow-sm">`,
    'className={`btn btn-${variant}`}',
    `const variant = 'outline-primary';`,
    `bsPrefix = useBootstrapPrefix(bsPrefix, 'offcanvas'); const placement = 'end';`,
  ]);

  it('takes the words of the sources, and a prefix joined to a word', () => {
    expect(classCanOccur('card', words)).toBe(true);
    expect(classCanOccur('shadow-sm', words)).toBe(true);
    expect(classCanOccur('btn-outline-primary', words)).toBe(true);
    expect(classCanOccur('offcanvas-end', words)).toBe(true);
    expect(classCanOccur('carousel', words)).toBe(false);
    // Words are not joined without a prefix: h + 100 is not `h-50`, shadow + lg is not a class in use.
    expect(classCanOccur('h-50', words)).toBe(false);
    expect(classCanOccur('shadow-lg', words)).toBe(false);
  });

  it('keeps a selector when every class outside :not() and friends can occur', () => {
    expect(selectorCanMatch('.card>.card-header', words)).toBe(false);
    expect(selectorCanMatch('.card:not(.carousel)', words)).toBe(true);
    expect(selectorCanMatch('.btn-outline-primary:hover', words)).toBe(true);
    expect(selectorCanMatch('a:where(.carousel)', words)).toBe(true);
    expect(selectorCanMatch('[data-x] p', words)).toBe(true);
    expect(selectorCanMatch('a[href$=".pdf"]', words)).toBe(true);
  });

  it('drops rules and their emptied @media, leaves keyframes alone', () => {
    const root = postcss.parse(
      '.card,.carousel{color:red}.carousel-item{color:blue}@media (min-width:1px){.carousel{x:y}}' +
        '@keyframes spin{from{x:y}to{x:z}}',
    );
    dropUnusedRules(root, words);
    expect(root.toString()).toBe('.card{color:red}@keyframes spin{from{x:y}to{x:z}}');
  });
});

describe('the build of the app', () => {
  const libraries = new Map([
    ['react-bootstrap', path.join(nodeModules, 'react-bootstrap')],
    ['@restart/ui', path.join(nodeModules, '@restart/ui')],
  ]);

  it('follows react-bootstrap imports to the modules they use', () => {
    const files = libraryFilesImported(
      [`import Modal from 'react-bootstrap/Modal';`],
      libraries,
    ).map((file) => path.relative(nodeModules, file).split(path.sep).join('/'));
    expect(files).toContain('react-bootstrap/esm/Modal.js');
    expect(files).toContain('react-bootstrap/esm/ModalDialog.js');
    expect(files).toContain('@restart/ui/esm/Modal.js');
    expect(files).not.toContain('react-bootstrap/esm/Carousel.js');
  });

  it('keeps what the screens, the popups and the side menu use, and drops what none does', () => {
    const words = usedClassWords({
      sources: [
        { dir: path.resolve(here, '../src'), files: /\.tsx?$/ },
        { dir: path.resolve(here, '../../../packages/shared/src'), files: /\.ts$/ },
      ],
      libraries,
    });
    const root = postcss.parse(
      readFileSync(path.join(nodeModules, 'bootstrap/dist/css/bootstrap.min.css'), 'utf8'),
    );
    dropUnusedRules(root, words);
    const selectors = new Set<string>();
    root.walkRules((rule) => rule.selectors.forEach((s) => selectors.add(s)));
    for (const used of [
      '.row-cols-md-2>*',
      '.card',
      '.placeholder-glow .placeholder',
      '.btn-outline-primary',
      '.btn-danger', // btn-${confirmVariant}
      '.modal-dialog-centered',
      '.modal.show .modal-dialog',
      '.modal-backdrop.show',
      '.offcanvas.offcanvas-end', // react-bootstrap: `${bsPrefix}-${placement}`
      '.offcanvas.show:not(.hiding)',
      '.fade:not(.show)',
      '.active>.page-link',
      '.visually-hidden',
    ]) {
      expect(selectors, used).toContain(used);
    }
    for (const unused of [
      '.list-group-horizontal-xxl',
      '.accordion',
      '.col-xxl-7',
      '.was-validated .form-control:valid',
    ]) {
      expect(selectors, unused).not.toContain(unused);
    }
  });
});
