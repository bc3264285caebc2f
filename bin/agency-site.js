#!/usr/bin/env node
import '../src/launcher.js';
