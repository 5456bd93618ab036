import { createMemoryStore } from '../../adapters/memory/index.ts';
import { describeTaxStore } from '../conformance/store.suite.ts';

describeTaxStore('memory', () => createMemoryStore());
