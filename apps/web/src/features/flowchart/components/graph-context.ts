import { createContext, useContext } from 'react';
import { GraphStore } from '../model/graph-store';

/** The live store of the chart on screen, for node and edge components (React Flow renders them). */
export const GraphStoreContext = createContext<GraphStore>(new GraphStore());
export const useGraphStore = () => useContext(GraphStoreContext);
